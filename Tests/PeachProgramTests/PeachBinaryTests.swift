import Foundation
import PeachTestSupport
import Testing
@testable import PeachCommands

@Suite("the built peach program")
struct PeachBinaryTests {
    @Test("the real binary answers --version and --help, and fails on nonsense",
          .enabled(if: BuiltProgram.isBuilt))
    func binary() throws {
        let version = try BuiltProgram.run(["--version"])
        #expect(version.status == 0)
        #expect(version.output.trimmingCharacters(in: .whitespacesAndNewlines) == PeachCommand.version)
        let help = try BuiltProgram.run(["--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("USAGE: peach"))
        let wrong = try BuiltProgram.run(["--frobnicate"])
        #expect(wrong.status == 64)
        #expect(wrong.output.contains("--frobnicate"))
    }
}
