import Foundation
import Testing

/// No `try!`, `as!`, forced unwrap or trapping note conversion in the program's sources: data from
/// files, devices and users must be refused with a message, never crash. An internal invariant may
/// keep one, said in a `// invariant: why` comment on the line or one of the two lines above.
@Suite("Sources never trap on data")
struct SourceSafetyTests {
    /// Tools and test doubles, which may trap; and the files the measurement rework owns, whose
    /// findings are reported to it (ProfileReport's chart traps on a reference note above 120).
    static let exempt = ["Sources/peach-bench/", "Sources/peach-crash-writer/", "Sources/PeachTestSupport/"]

    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Each line's code, without string literals and comments (which may say anything).
    static func code(_ source: String) -> [(code: String, invariant: Bool)] {
        var lines: [(String, Bool)] = []
        var inMultiline = false
        for raw in source.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = String(raw)
            if inMultiline {
                if let end = line.range(of: "\"\"\"") {
                    line = String(line[end.upperBound...])
                    inMultiline = false
                } else {
                    lines.append(("", false))
                    continue
                }
            }
            line = line.replacing(/"(?:\\.|[^"\\])*"/, with: "\"\"")
            if let start = line.range(of: "\"\"\""), !line[start.upperBound...].contains("\"\"\"") {
                line = String(line[..<start.lowerBound])
                inMultiline = true
            }
            let invariant = line.contains("// invariant:")
            if let comment = line.range(of: "//") { line = String(line[..<comment.lowerBound]) }
            lines.append((line, invariant))
        }
        return lines
    }

    static func violations(in source: String) -> [Int] {
        let lines = code(source)
        let trap = /try!|as!|[\w\)\]]!(?!=)|\bMIDINote\((?!validating:|name:|\d+\))/
        return lines.indices.filter { index in
            guard lines[index].code.contains(trap) else { return false }
            return !lines[max(0, index - 2)...index].contains { $0.invariant }
        }.map { $0 + 1 }
    }

    @Test("the check finds every kind of trap, and lets comments, strings, != and invariants through")
    func checkWorks() {
        let source = """
            let a = try! load()
            let b = value as! Int
            let c = dictionary[key]!
            let d = MIDINote(number)
            let e = f()!.g
            let ok1 = x != y && !z // not! a problem
            let ok2 = "Hello!"
            let ok3 = MIDINote(validating: n) ?? MIDINote(60)
            // invariant: a constant.
            let ok4 = NoteDuration(seconds: 1)!
            """
        #expect(Self.violations(in: source) == [1, 2, 3, 4, 5])
    }

    @Test("no trap in the program's sources")
    func sources() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var found: [String] = []
        var checked = 0
        for case let url as URL in files where url.pathExtension == "swift" {
            let relative = String(url.path.dropFirst(Self.root.path.count + 1))
            guard !Self.exempt.contains(where: { relative.hasPrefix($0) }) else { continue }
            checked += 1
            let source = try String(contentsOf: url, encoding: .utf8)
            found += Self.violations(in: source).map { "\(relative):\($0)" }
        }
        #expect(checked > 100, "the sources were found")
        #expect(found.isEmpty, "traps on data: \(found.joined(separator: ", "))")
    }
}
