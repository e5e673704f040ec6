import ArgumentParser
import Foundation
import PeachTestSupport
import Testing
@testable import PeachCommands

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
}

@Suite("peach run's options")
struct RunOptionsTests {
    @Test("--mode takes a training mode or check; --tour is a flag")
    func modeAndTour() throws {
        let check = try RunCommand.parse(["--mode", "check", "--tour"])
        #expect(check.mode == .check && check.tour)
        let match = try RunCommand.parse(["--mode", "match"])
        #expect(match.mode?.trainingMode == .match && !match.tour)
        #expect(throws: (any Error).self) { try RunCommand.parse(["--mode", "checks"]) }
    }
}
