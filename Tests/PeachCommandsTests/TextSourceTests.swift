import Foundation
import PeachTestSupport
import PeachText
import PeachWeb
import Testing

/// Every text a person reads comes from the tables (`Sources/PeachText/Texts`), none from a string
/// literal in the code.
///
/// The rule: in the scanned targets, a string literal is a text for a person when, with its
/// interpolations taken out, it holds two words (letters, at least two each) with a space between
/// them ("no answers yet", "Keys: …"), when a word follows an interpolation after a space (a unit:
/// "\(size) ct"), or when it is a whole text of a table ("stopped", "richtig"). Beyond the rule: a
/// one-word label before a value ("error: \(reason)"), which reads like a YAML line.
/// Not texts, and not flagged by the rule: keys and names in one token (log labels `peach.run`,
/// YAML and configuration keys `note-range`, CSV headers, JSON field names `trainingType`, file
/// names), punctuation and layout (" │ ", "  ("), format strings, SQL (`sql:`). A literal that the rule takes for
/// a text but that is not one is marked on its line or the line above with `// not a text: why`.
@Suite("Texts come from the tables")
struct TextSourceTests {
    /// Where a person's texts are not all in the tables yet: each file and what is left in it. A file
    /// leaves this list when it has no finding left (the test says so).
    static let pending: [String: String] = [:]

    /// The targets whose texts are checked: the command line and everything below it whose errors it
    /// says (YAML files, the history, the sound, MIDI), and the dashboard's templates with its code.
    static let scanned = ["Sources/PeachCommands/", "Sources/PeachBoxRuntime/", "Sources/PeachConfig/", "Sources/PeachPractice/", "Sources/PeachText/",
                          "Sources/peach/", "Sources/PeachYAML/", "Sources/PeachStorage/", "Sources/PeachSound/",
                          "Sources/PeachMIDI/", "Sources/PeachWeb/",
                          "Sources/PeachReports/", "Sources/PeachOptions/", "Sources/peach-web/"]

    static var root: URL { Repository.root }

    /// The literals of a source file with their line numbers (a multi-line literal as one, at its start).
    static func literals(_ source: String) -> [(line: Int, text: String, marked: Bool)] {
        var found: [(Int, String, Bool)] = []
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        while index < lines.count {
            let line = lines[index]
            // SQL (an argument `sql:`) is for the database, never for a person.
            let marked = line.contains("// not a text:") || (index > 0 && lines[index - 1].contains("// not a text:"))
                || line.contains("sql: ")
            let code = line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? line
            if let open = code.range(of: "\"\"\""), !code[open.upperBound...].contains("\"\"\"") {
                var body: [String] = []
                index += 1
                while index < lines.count, !lines[index].contains("\"\"\"") {
                    body.append(lines[index])
                    index += 1
                }
                found.append((index - body.count, body.joined(separator: " "), marked))
                index += 1
                continue
            }
            for match in code.matches(of: /"((?:\\.|[^"\\])*)"/) {
                found.append((index + 1, String(match.output.1), marked))
            }
            index += 1
        }
        return found
    }

    /// The one-word texts of the tables, but the names of option values (`file`, `mode`), which are
    /// also keys of data (JSON, YAML) in the code.
    static let tableTexts: Set<String> = {
        Set(TextTables.installed.tables.values.flatMap { $0.filter { !$0.key.hasPrefix("value") }.values }
            .filter { !$0.contains(" ") && $0.count > 1 })
    }()

    /// Files whose literals are HTML templates: the rule applies to what a browser shows of them.
    static let markupFiles: Set<String> = ["Sources/PeachWeb/Pages/PageTemplates.swift"]

    /// What a person reads of an HTML template: without the style sheet, tags and `{{…}}` tags.
    static func prose(_ template: String) -> String {
        template.replacing(/<style>.*?<\/style>/, with: " ").replacing(/<[^>]*>/, with: " ")
            .replacing(/\{\{[^}]*\}\}/, with: " ")
    }

    static func isText(_ literal: String) -> Bool {
        let plain = literal.replacing(/\\\([^)]*\)?/, with: " ")
        return plain.contains(/\p{L}{2,}[,;.!?:]?[ ]+\p{L}{2,}/) || literal.contains(/\\\([^)]*\) +\p{L}{2,}/)
            || tableTexts.contains(plain)
    }

    @Test("the rule finds texts and lets keys, labels and layout through")
    func rule() {
        let source = #"""
            let a = "no answers yet"
            let b = "\(size) ct"
            let c = "stopped"
            logger.info("comparison \(x) done")
            let ok1 = Logger(label: "peach.run")
            let ok2 = ["trainingType": "pitchDiscrimination", "note-range": 3]
            let ok3 = "  note-range: {lowest: \(a), highest: \(b)}"
            let ok4 = " │ " + "  (" + "%+.2f"
            let ok5 = "yyyy-MM-dd HH:mm:ss" // not a text: a date format
            try db.execute(sql: "PRAGMA busy_timeout = \(milliseconds)")
            """#
        let flagged = Self.literals(source).filter { !$0.marked && Self.isText($0.text) }.map(\.line)
        #expect(flagged == [1, 2, 3, 4])
        // Templates: the words between the tags count, the tags and `{{…}}` do not.
        #expect(Self.isText(Self.prose(#"<p class="x">{{t.key}}</p><h2>No answers</h2>"#)))
        #expect(!Self.isText(Self.prose(#"<!DOCTYPE html><p class="x">{{t.key}} {{#a}}{{value}}{{/a}}</p>"#)))
    }

    @Test("no text for a person outside the tables in the scanned sources (but the pending files)")
    func sources() throws {
        let files = try #require(FileManager.default.enumerator(at: Self.root.appendingPathComponent("Sources"),
                                                                includingPropertiesForKeys: nil))
        var found: [String] = []
        var pendingWithFindings: Set<String> = []
        var checked = 0
        for case let url as URL in files where url.pathExtension == "swift" {
            let relative = String(url.path.dropFirst(Self.root.path.count + 1))
            guard Self.scanned.contains(where: { relative.hasPrefix($0) }) else { continue }
            checked += 1
            let source = try String(contentsOf: url, encoding: .utf8)
            let markup = Self.markupFiles.contains(relative)
            let texts = Self.literals(source).filter { !$0.marked && Self.isText(markup ? Self.prose($0.text) : $0.text) }
            if Self.pending[relative] != nil {
                if !texts.isEmpty { pendingWithFindings.insert(relative) }
                continue
            }
            found += texts.map { "\(relative):\($0.line): \"\($0.text)\"" }
        }
        #expect(checked > 40, "the sources were found")
        #expect(found.isEmpty, "texts outside the tables:\n\(found.joined(separator: "\n"))")
        let done = Set(Self.pending.keys).subtracting(pendingWithFindings)
        #expect(done.isEmpty, "no texts left in these: take them off the pending list: \(done.sorted())")
    }

    @Test("the names of option values in help (`<file>`) come from the tables too")
    func valueNames() throws {
        var literal: [String] = []
        var named = 0
        for target in ["Sources/PeachCommands", "Sources/PeachBoxRuntime", "Sources/PeachOptions"] {
            let directory = Self.root.appendingPathComponent(target)
            let files = try #require(FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil))
            for case let url as URL in files where url.pathExtension == "swift" {
                let source = try String(contentsOf: url, encoding: .utf8)
                literal += source.matches(of: /valueName: "[^"]*"/).map { "\(url.lastPathComponent): \($0.output)" }
                named += source.matches(of: /valueName: CommandLineTexts\.current\.text\(\.value/).count
            }
        }
        #expect(literal.isEmpty, "\(literal)")
        #expect(named > 20, "the options were found")
    }

    @Test("the dashboard's templates name only texts of the tables ({{t.key}}), and every dashboard text is used")
    func templates() throws {
        let pages = Self.root.appendingPathComponent("Sources/PeachWeb/Pages")
        let sources = try FileManager.default.contentsOfDirectory(at: pages, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" }.map { try String(contentsOf: $0, encoding: .utf8) }.joined()
        let named = Set(sources.matches(of: /\{\{t\.(\w+)\}\}/).map { String($0.output.1) })
        #expect(named.count > 30, "the templates were found")
        let keys = Set(WebText.allCases.map(\.rawValue))
        #expect(named.subtracting(keys).isEmpty, "not PeachWeb's keys: \(named.subtracting(keys).sorted())")
        // Every dashboard key appears in PeachWeb: in a template or as `.key` in its code.
        let web = Self.root.appendingPathComponent("Sources/PeachWeb")
        let files = try #require(FileManager.default.enumerator(at: web, includingPropertiesForKeys: nil))
        var code = ""
        for case let url as URL in files where url.pathExtension == "swift" { code += try String(contentsOf: url, encoding: .utf8) }
        let unused = keys.filter { $0.hasPrefix("dashboard") && !named.contains($0) && !code.contains(".\($0)") }
        #expect(unused.isEmpty, "dashboard texts nothing shows: \(unused.sorted())")
    }
}
