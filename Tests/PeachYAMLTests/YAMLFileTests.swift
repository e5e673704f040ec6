import Foundation
import PeachText
import Testing
@testable import PeachYAML

/// A YAML file that cannot be read is said in words, in the language, naming the path.
@Suite struct YAMLFileTests {
    func problem(_ path: String) -> String? {
        do {
            _ = try YAMLFile.text(of: URL(fileURLWithPath: path), kind: .configuration)
            return nil
        } catch {
            return error.errors.first.map { "\($0.file): \($0.problem.text(.english))" }
        }
    }

    @Test func whatIsWrongWithThePath() throws {
        #expect(problem("/nonexistent/peach.yaml") == "/nonexistent/peach.yaml: no such configuration file")
        #expect(problem("/tmp") == "/tmp: this is a directory; name the configuration file inside it")
        #expect(problem("/dev/null")
                == "/dev/null: this is not a regular file (a device, a pipe or a socket); name the configuration file itself")
        // A regular file whose reading fails (the kernel answers EIO at offset 0): the system's words.
        #expect(problem("/proc/self/mem") == "/proc/self/mem: cannot read the configuration file: Input/output error")
        let german = YAMLProblem.cannotRead(.configuration, code: EACCES).text(Texts(.german))
        #expect(german == "die Konfigurationsdatei ist nicht lesbar: Keine Berechtigung")
    }

    @Test func notUTF8() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("peach-\(UUID()).yaml")
        try Data([0xFF, 0xFE, 0x61, 0x00]).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(problem(file.path)?.hasSuffix("the configuration file is not UTF-8 text") == true)
    }
}
