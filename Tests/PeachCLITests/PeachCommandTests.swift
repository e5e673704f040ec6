import ArgumentParser
import Foundation
import PeachTestSupport
import Testing
@testable import PeachCLI

@Suite("peach command line")
struct PeachCommandTests {
    @Test("--version prints the version and succeeds")
    func version() {
        do {
            _ = try PeachCommand.parseAsRoot(["--version"])
            Issue.record("--version should end parsing")
        } catch {
            #expect(PeachCommand.message(for: error) == PeachCommand.version)
            #expect(PeachCommand.exitCode(for: error) == .success)
        }
    }

    @Test("--help explains what Peach is")
    func help() {
        let help = PeachCommand.helpMessage()
        #expect(help.contains("USAGE: peach"))
        #expect(help.contains("Hear & Compare"))
        #expect(help.contains("--version"))
    }

    @Test("an unknown option is a usage error naming it")
    func unknownOption() {
        do {
            _ = try PeachCommand.parseAsRoot(["--frobnicate"])
            Issue.record("an unknown option must not parse")
        } catch {
            #expect(PeachCommand.exitCode(for: error) == .validationFailure)
            #expect(PeachCommand.message(for: error).contains("--frobnicate"))
        }
    }

    /// The built `peach` executable beside this test bundle.
    static var executable: URL {
        let bundleDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return bundleDirectory.appendingPathComponent("peach")
    }

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try ProcessRunner.run(executable, arguments)
    }

    @Test("the real binary answers --version and --help, and fails on nonsense",
          .enabled(if: FileManager.default.isExecutableFile(atPath: executable.path)))
    func binary() throws {
        let version = try Self.run(["--version"])
        #expect(version.status == 0)
        #expect(version.output.trimmingCharacters(in: .whitespacesAndNewlines) == PeachCommand.version)
        let help = try Self.run(["--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("USAGE: peach"))
        let wrong = try Self.run(["--frobnicate"])
        #expect(wrong.status == 64)
        #expect(wrong.output.contains("--frobnicate"))
    }
}
