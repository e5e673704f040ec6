import Foundation
import PeachDomain
import PeachText
import Testing

@Suite("Text tables")
struct TextTablesTests {
    static let installed = TextTables.installed

    @Test("the tables are found from the build directory (SwiftPM's resource bundle), without problems")
    func found() {
        #expect(Self.installed.problems.isEmpty, "\(Self.installed.problems)")
        #expect(Set(Self.installed.tables.keys) == Set(Language.allCases))
    }

    @Test("placeholders are filled in order, in any position")
    func placeholdersFilled() {
        let tables = TextTables(tables: [.english: ["threshold": "{2} then {1}, {1} again; {9} stays"]])
        let texts = Texts(.english, tables: tables)
        #expect(texts.text(.threshold, "a", "b") == "b then a, a again; {9} stays")
    }

    @Test("a word counted by an argument: the first form for exactly one, the second otherwise")
    func plurals() {
        let tables = TextTables(tables: [.english: ["threshold": "{1} {1|answer|answers}, {2|one|other}; {3|x|y}{1|bad}"]])
        let texts = Texts(.english, tables: tables)
        #expect(texts.text(.threshold, 1, 2, "s") == "1 answer, other; y{1|bad}")
        #expect(texts.text(.threshold, 0, 1, 1.0) == "0 answers, one; y{1|bad}")   // a Double is not a count
    }

    @Test("numbers are written the language's way: 6,2 Cent")
    func numbers() {
        let english = Texts(.english)
        let german = Texts(.german)
        let estimate = IntervalEstimate(value: 6.24, low: 5.12, high: 7.6)
        #expect(english.threshold(estimate) == "75 % correct at 6.2 ct (5.1–7.6)")
        #expect(german.threshold(estimate) == "75 % richtig bei 6,2 Cent (5,1–7,6)")
        #expect(german.numbers.cents(0.456) == "0,46")
        #expect(german.numbers.cents(123.4) == "123")
        #expect(english.numbers.integer(12345) == "12,345")
        #expect(german.numbers.integer(12345) == "12.345")
        #expect(german.numbers.decimal(-2.5, digits: 2, signed: true) == "-2,50")
        #expect(english.numbers.decimal(2.5, digits: 2, signed: true) == "+2.50")
    }

    @Test("a trend says by how much, and since when where it is the fitted one")
    func trends() {
        let english = Texts(.english)
        let german = Texts(.german)
        let fitted = ProgressChange(earlier: 8, later: 6, fittedZ: -5, answersAgo: 2250)
        #expect(english.change(fitted) == "improving: 2.0 ct lower than 2,250 answers ago (-25 %)")
        #expect(german.change(fitted) == "besser: 2,0 Cent weniger als vor 2.250 Antworten (-25 %)")
        let halves = ProgressChange(earlier: 4, later: 5, z: 4)
        #expect(english.change(halves) == "declining: 1.0 ct higher (+25 %)")
        #expect(english.change(ProgressChange(earlier: 8, later: 7.9, fittedZ: -1, answersAgo: 2250)) == "stable")
        #expect(english.change(nil) == "no trend yet")
    }

    @Test("a missing German table falls back to English, a missing English one to the key: never a crash")
    func missingTables() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("peach-no-texts-\(UUID())")
        let tables = TextTables.read(from: [empty])
        #expect(tables.problems.count == 2)
        #expect(Texts(.german, tables: tables).text(.trendStable) == "trendStable")
        let onlyEnglish = TextTables(tables: [.english: ["trendStable": "stable"]])
        #expect(Texts(.german, tables: onlyEnglish).text(.trendStable) == "stable")
    }

    @Test("an installed binary finds the tables in ../share/peach/Texts; the source tree's are last")
    func searchDirectories() {
        let directories = TextTables.searchDirectories(executable: URL(fileURLWithPath: "/usr/local/bin/peach"))
        #expect(directories.map(\.path).prefix(2) == ["/usr/local/bin/Peach_PeachText.resources/Texts",
                                                      "/usr/local/share/peach/Texts"])
    }
}
