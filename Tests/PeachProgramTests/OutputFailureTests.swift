import Foundation
import Testing
import PeachTestSupport
@testable import PeachCommands

/// A command whose output cannot be written fails with a message; a file named with --output is
/// complete or untouched.
@Suite("Output failures are failures")
struct OutputFailureTests {
    typealias History = HistoryCommandsTests.History

    static let binaryAvailable = HistoryCommandsTests.binaryAvailable

    /// Runs `peach ARGUMENTS > target` through the shell.
    static func run(_ arguments: [String], stdoutTo target: String) throws -> (status: Int32, output: String) {
        let command = ([BuiltProgram.peach.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        return try ProcessRunner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "\(command) > \(target)"])
    }

    @Test("every command that prints fails on a full standard output", .enabled(if: binaryAvailable),
          arguments: [["export"], ["history"], ["history", "--json"], ["profile"], ["config", "--default"]])
    func fullStandardOutput(arguments: [String]) throws {
        let history = History()
        try history.fill()
        let result = try Self.run(arguments + (arguments[0] == "config" ? [] : ["--data-dir", history.directory.path]),
                                  stdoutTo: "/dev/full")
        #expect(result.status == 1)
        #expect(result.output.contains("No space left on device"), "\(result.output)")
    }

    @Test("export --output to a device writes into it, never replacing it", .enabled(if: binaryAvailable))
    func outputDevice() throws {
        let history = History()
        try history.fill()
        let result = try BuiltProgram.run(["export", "--data-dir", history.directory.path, "--output", "/dev/full"])
        #expect(result.status == 1)
        #expect(result.output.contains("cannot write /dev/full: No space left on device"))
        var status = stat()
        #expect(stat("/dev/full", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR, "/dev/full is still the device")
    }

    @Test("export --output replaces a file whole, and a failure leaves no file behind", .enabled(if: binaryAvailable))
    func outputFile() throws {
        let history = History()
        try history.fill()
        let directory = history.directory.path
        let target = history.directory.appendingPathComponent("answers.csv")
        try Data("old".utf8).write(to: target)
        let result = try BuiltProgram.run(["export", "--data-dir", directory, "--output", target.path])
        #expect(result.status == 0)
        let written = try String(contentsOf: target, encoding: .utf8)
        #expect(written.hasPrefix("# peach-export-format:3") && written.split(separator: "\n").count >= 6)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)

        let missing = history.directory.appendingPathComponent("no/such/answers.csv").path
        let failed = try BuiltProgram.run(["export", "--data-dir", directory, "--output", missing])
        #expect(failed.status == 1)
        #expect(failed.output.contains("cannot write \(missing)"))
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test("export --output through a symbolic link replaces the file it names, keeps the link and the file's permissions",
          .enabled(if: binaryAvailable))
    func outputThroughLink() throws {
        let history = History()
        try history.fill()
        let directory = history.directory
        let real = directory.appendingPathComponent("private.csv")
        try Data("old".utf8).write(to: real)
        #expect(chmod(real.path, 0o600) == 0)
        let link = directory.appendingPathComponent("link.csv")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "private.csv")
        let result = try BuiltProgram.run(["export", "--data-dir", directory.path, "--output", link.path])
        #expect(result.status == 0, "\(result.output)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "private.csv", "the link was replaced")
        #expect(try String(contentsOf: real, encoding: .utf8).hasPrefix("# peach-export-format:3"), "the named file was not written")
        var status = stat()
        #expect(stat(real.path, &status) == 0 && status.st_mode & 0o777 == 0o600, "the permissions became \(String(status.st_mode & 0o777, radix: 8))")

        // A link to a file that does not exist yet: the file is made where the link points.
        let dangling = directory.appendingPathComponent("later.csv")
        try FileManager.default.createSymbolicLink(atPath: dangling.path, withDestinationPath: "made-later.csv")
        #expect(try BuiltProgram.run(["export", "--data-dir", directory.path, "--output", dangling.path]).status == 0)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("made-later.csv").path))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dangling.path) == "made-later.csv")
    }

    @Test("play --output to a full device fails", .enabled(if: binaryAvailable))
    func playOutput() throws {
        let result = try BuiltProgram.run(["play", "A4", "--duration", "0.1", "--output", "/dev/full"])
        #expect(result.status == 1)
        #expect(result.output.contains("No space left on device"))
    }
}
