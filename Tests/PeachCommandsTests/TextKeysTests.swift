import PeachBoxRuntime
import PeachCommands
import PeachConfig
import PeachDomain
import PeachMIDI
import PeachOptions
import PeachPractice
import PeachReports
import PeachSound
import PeachStorage
import PeachText
import PeachWeb
import PeachYAML
import Testing

/// Every layer's text keys against the tables: each layer declares the keys it says (`TextKeys`),
/// the tables hold them all in one file per language. A failure names the key and its layer.
@Suite("Every layer's text keys")
struct TextKeysTests {
    /// Each layer with its keys. A layer with a new enum of keys is added here.
    static let layers: [(layer: String, keys: [String])] = [
        layer("PeachText", TextKey.self),
        layer("PeachStorage", StorageText.self),
        layer("PeachPractice", PracticeText.self),
        layer("PeachYAML", YAMLText.self),
        layer("PeachConfig", ConfigText.self),
        layer("PeachSound", SoundText.self),
        layer("PeachMIDI", MIDIText.self),
        layer("PeachWeb", WebText.self),
        layer("PeachReports", ReportText.self),
        layer("PeachOptions", OptionsText.self),
        layer("PeachBoxRuntime", BoxRuntimeText.self),
        layer("PeachCommands", CommandText.self),
    ]

    static func layer<Keys: TextKeys>(_ name: String, _ keys: Keys.Type) -> (layer: String, keys: [String]) {
        (name, Keys.allCases.map(\.rawValue))
    }

    /// The layers that declare each key.
    static var owners: [String: [String]] {
        var owners: [String: [String]] = [:]
        for (layer, keys) in layers {
            for key in keys { owners[key, default: []].append(layer) }
        }
        return owners
    }

    static let tables = TextTables.installed.tables

    @Test("every key of every layer is in every language's table")
    func keysInTables() throws {
        for language in Language.allCases {
            let table = try #require(Self.tables[language], "\(language)")
            for (layer, keys) in Self.layers {
                for key in keys where table[key] == nil {
                    Issue.record("\(layer)'s key \(key) is not in \(language.rawValue).json")
                }
            }
        }
    }

    @Test("every key of a table belongs to exactly one layer")
    func tableKeysOwned() throws {
        let owners = Self.owners
        for language in Language.allCases {
            let table = try #require(Self.tables[language], "\(language)")
            for key in table.keys.sorted() where owners[key] == nil {
                Issue.record("\(language.rawValue).json's key \(key) is no layer's")
            }
        }
        for (key, layers) in owners.sorted(by: { $0.key < $1.key }) where layers.count > 1 {
            Issue.record("key \(key) is declared by more than one layer: \(layers.joined(separator: ", "))")
        }
    }

    @Test("a translation uses the same placeholders and counted words as the English text")
    func samePlaceholders() throws {
        let english = try #require(Self.tables[.english])
        let german = try #require(Self.tables[.german])
        func placeholders(_ text: String) -> [String] {
            text.matches(of: /\{\d+(\|[^}|]*\|[^}|]*)?\}/).map { String($0.output.0.prefix { $0 != "|" && $0 != "}" }) + "}" }.sorted()
        }
        for (layer, keys) in Self.layers {
            for key in keys {
                #expect(placeholders(english[key] ?? "") == placeholders(german[key] ?? ""), "\(layer)'s key \(key)")
            }
        }
    }

    @Test("a word counted by an argument reads from the tables: the first form for exactly one")
    func plurals() {
        #expect(Texts(.english).text(.importDone, 1, 1, "a.csv", 3)
                == "Imported 1 Hear & Compare answer and 1 Tune & Match answer from a.csv (format 3).")
        #expect(Texts(.german).text(.profileModeAnswers, "a", "b", "c", 1).hasSuffix("(1 Antwort)"))
        #expect(Texts(.german).text(.profileModeAnswers, "a", "b", "c", 1_000).hasSuffix("(1.000 Antworten)"))
    }
}
