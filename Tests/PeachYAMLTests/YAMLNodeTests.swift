import Foundation
import PeachDomain
import PeachText
import Testing
@testable import PeachYAML

@Suite("YAML with locations")
struct YAMLNodeTests {
    let text = """
        # a comment
        name: Example
        channel: 10
        ratio: 0.25
        enabled: yes
        notes: [60, 62]
        nested:
          inner: 300
          typo: 1
        """

    func root() throws -> YAMLMapping {
        try #require(try YAMLNode.parse(text, file: "ex.yaml")).mapping()
    }

    @Test("typed accessors read scalars, lists and nested mappings")
    func accessors() throws {
        let map = try root()
        #expect(try map.required("name").string() == "Example")
        #expect(try map.required("channel").int(in: 1...16) == 10)
        #expect(try map.required("ratio").double() == 0.25)
        #expect(try map.required("enabled").bool())
        #expect(try map.required("notes").sequence().map { try $0.int() } == [60, 62])
        #expect(try map.required("nested").mapping()["inner"]?.int() == 300)
        #expect(map.optional("absent") == nil)
        #expect(map.keys == ["name", "channel", "ratio", "enabled", "notes", "nested"])
    }

    @Test("true and false are YAML 1.1's words, plain only; a quoted word, a number or another spelling is not")
    func booleans() throws {
        let words = ["yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON",
                     "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"]
        for (index, word) in words.enumerated() {
            let node = try #require(try YAMLNode.parse("flag: \(word)", file: "b.yaml")).mapping().required("flag")
            #expect(try node.bool() == (index < 9), "\(word)")
        }
        for text in ["\"true\"", "'no'", "tRuE", "1", "0", "y", "", "[true]"] {
            let node = try #require(try YAMLNode.parse("flag: \(text)", file: "b.yaml")).mapping().required("flag")
            #expect(throws: YAMLError.self, "\(text)") { try node.bool() }
        }
    }

    @Test("a value error names file, line, column and the key path")
    func valueErrorLocation() throws {
        let inner = try #require(try root().required("nested").mapping()["inner"])
        #expect(throws: YAMLError(file: "ex.yaml", line: 8, column: 10, path: "nested.inner",
                                  problem: .outOfRange("300", lower: "0", upper: "127"))) {
            try inner.int(in: 0...127)
        }
        let name = try root().required("name")
        let error = #expect(throws: YAMLError.self) { try name.int() }
        #expect(error?.description == "ex.yaml:2:7: name: expected a whole number, found `Example`")
    }

    @Test("a missing key is reported at the mapping; an unknown key at the key, with a hint")
    func missingAndUnknownKeys() throws {
        let nested = try root().required("nested").mapping()
        let missing = #expect(throws: YAMLError.self) { try nested.required("outer") }
        #expect(missing?.line == 8)
        #expect(missing?.message.contains("missing required key `outer`") == true)
        let unknown = nested.unknownKeys(allowed: ["inner", "type"])
        #expect(unknown.count == 1)
        #expect(unknown.first?.line == 9)
        #expect(unknown.first?.message == "unknown key `typo`; did you mean `type`?")
        let far = nested.unknownKeys(allowed: ["inner", "velocity"])
        #expect(far.first?.message == "unknown key `typo`; expected one of: inner, velocity")
    }

    @Test("syntax errors carry libyaml's line")
    func syntaxError() {
        let error = #expect(throws: YAMLError.self) { try YAMLNode.parse("a: 1\nb: [1, 2\nc: 3\n", file: "bad.yaml") }
        #expect(error?.file == "bad.yaml")
        #expect(error?.line != nil)
        #expect(error?.message.hasPrefix("YAML syntax:") == true)
        let tab = #expect(throws: YAMLError.self) { try YAMLNode.parse("a:\n\t- 1\n", file: "tab.yaml") }
        #expect(tab?.line == 2)
    }

    @Test("a duplicated key is an error at its line")
    func duplicateKey() {
        let error = #expect(throws: YAMLError.self) { try YAMLNode.parse("a: 1\nb: 2\na: 3\n", file: "dup.yaml") }
        #expect(error?.message.contains("`a` appears more than once") == true)
        #expect(error?.line == 3, "at the repeat, not the first")
        let nested = #expect(throws: YAMLError.self) {
            try YAMLNode.parse("audio:\n  periods: 2\n  # a comment\n\n  device: x\n  periods : 3\nperiods: 4\n", file: "n.yaml")
        }
        #expect(nested?.line == 6 && nested?.column == 3, "\(String(describing: nested?.line)):\(String(describing: nested?.column))")
        // A flow mapping: the first occurrence is all that can be said.
        let flow = #expect(throws: YAMLError.self) { try YAMLNode.parse("x: {a: 1, a: 2}\n", file: "f.yaml") }
        #expect(flow?.line == 1)
    }

    @Test("a quoted number or true/false is said to be quoted text, not the value it looks like")
    func quotedFound() throws {
        let node = try #require(try YAMLNode.parse("flag: \"true\"\npitch: '440'\n", file: "q.yaml")).mapping()
        let flag = #expect(throws: YAMLError.self) { try node.required("flag").bool() }
        #expect(flag?.message.contains("found the quoted text \"true\"") == true, "\(flag?.message ?? "")")
        let pitch = #expect(throws: YAMLError.self) { try node.required("pitch").double() }
        #expect(pitch?.message.contains("found the quoted text \"440\"") == true, "\(pitch?.message ?? "")")
    }

    @Test("an empty document is nil, not an error")
    func empty() throws {
        #expect(try YAMLNode.parse("# only a comment\n", file: "e.yaml") == nil)
    }

    enum Colour: String, CaseIterable { case red, green }

    @Test("oneOf lists the accepted names")
    func oneOf() throws {
        let map = try #require(try YAMLNode.parse("c: blue\nd: red\n", file: "c.yaml")).mapping()
        #expect(try map.required("d").oneOf(Colour.self) == .red)
        let error = #expect(throws: YAMLError.self) { try map.required("c").oneOf(Colour.self) }
        #expect(error?.description == "c.yaml:1:4: c: unknown value `blue`; expected one of: red, green")
    }

    @Test("the collector keeps every error and sorts them by position")
    func collector() throws {
        let map = try root()
        var collector = YAMLErrorCollector()
        _ = collector.collect { try map.required("ratio").int() }
        _ = collector.collect { try map.required("name").int() }
        let value = collector.collect { try map.required("channel").int() }
        #expect(value == 10)
        let thrown = #expect(throws: YAMLErrors.self) { try collector.throwIfAny() }
        #expect(thrown?.errors.map(\.line) == [2, 4])
    }

    @Test("a list-or-single key accepts both forms")
    func listOrSingle() throws {
        let map = try #require(try YAMLNode.parse("one: 5\nmany: [1, 2]\n", file: "l.yaml")).mapping()
        #expect(try map.required("one").listOrSingle().map { try $0.int() } == [5])
        #expect(try map.required("many").listOrSingle().map { try $0.int() } == [1, 2])
        #expect(try map.required("many").sequence()[1].path == "many[1]")
    }
}

@Suite("YAML problems in a language")
struct YAMLProblemTextTests {
    @Test("a problem is said in the language asked for, at the same FILE:LINE:COLUMN, the path before it")
    func german() throws {
        let node = try #require(try YAMLNode.parse("a:\n  b: x\n", file: "f.yaml")).mapping()
        let error = try #require(node.unknownKeys(allowed: ["volume", "channel"]).first)
        #expect(error.text(Texts(.english)) == "f.yaml:1:1: unknown key `a`; expected one of: volume, channel")
        #expect(error.text(Texts(.german)) == "f.yaml:1:1: unbekannter Schlüssel `a`; erwartet ist einer von: volume, channel")
        let value = try #require(node["a"]?.mapping()["b"])
        let wrong = try #require(#expect(throws: YAMLError.self) { try value.int() })
        #expect(wrong.text(Texts(.german)) == "f.yaml:2:6: a.b: erwartet eine ganze Zahl, gefunden `x`")
        #expect(wrong.description == "f.yaml:2:6: a.b: expected a whole number, found `x`")
        let syntax = try #require(#expect(throws: YAMLError.self) { try YAMLNode.parse("a: [1, 2\n", file: "s.yaml") })
        #expect(syntax.text(Texts(.german)).hasPrefix("s.yaml:2:1: YAML-Syntax: "), "\(syntax.text(Texts(.german)))")
        #expect(syntax.description.hasPrefix("s.yaml:2:1: YAML syntax: "))
        #expect(syntax.text(Texts(.german)) == "s.yaml:2:1: YAML-Syntax: das erwartete ',' oder ']' nicht gefunden "
            + "(beim Lesen einer Liste in eckigen Klammern in Zeile 1)")
        #expect(syntax.description == "s.yaml:2:1: YAML syntax: did not find expected ',' or ']' (while parsing a flow sequence at line 1)")
    }

    @Test("libyaml's words the tables have are said in the language; others stay libyaml's")
    func libyamlWords() {
        let german = Texts(.german)
        for key in LibYAMLWords.keys {
            #expect(LibYAMLWords.text(Texts.english.text(key), german) == german.text(key))
            #expect(german.text(key) != Texts.english.text(key), "\(key)")
        }
        #expect(LibYAMLWords.text("found something new", german) == "found something new")
    }

    /// libyaml's sources as Yams builds them (SwiftPM's checkout of the package).
    static let libyamlSources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/checkouts/Yams/Sources/CYaml/src")

    @Test("every problem and context libyaml's scanner, parser and reader name is in the tables",
          .enabled(if: FileManager.default.fileExists(atPath: libyamlSources.appendingPathComponent("scanner.c").path)))
    func everyLibyamlPhrase() throws {
        let english = Set(LibYAMLWords.keys.map { Texts.english.text($0) })
        var phrases: Set<String> = []
        for file in ["scanner.c", "parser.c", "reader.c"] {
            let source = try String(contentsOf: Self.libyamlSources.appendingPathComponent(file), encoding: .utf8)
            let pattern = /"((?:while [a-z %]+)|(?:did not find [^"]+)|(?:found [^"]+)|(?:could not find [^"]+)|(?:[a-z ]+ are not allowed[^"]*)|(?:invalid [^"]+)|(?:incomplete [^"]+))"/
            for match in source.matches(of: pattern) { phrases.insert(String(match.output.1)) }
        }
        #expect(phrases.count > 60, "libyaml's phrases were found")
        #expect(phrases.subtracting(english).isEmpty, "not in the tables: \(phrases.subtracting(english).sorted())")
    }
}
