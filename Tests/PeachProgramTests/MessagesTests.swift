import Foundation
import PeachTestSupport
import Testing
@testable import PeachCommands

/// Messages say what is wrong where, and read-only commands write nothing.
@Suite("Messages and read-only commands")
struct MessagesTests {
    typealias History = HistoryCommandsTests.History

    static let binaryAvailable = HistoryCommandsTests.binaryAvailable

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try BuiltProgram.run(arguments)
    }

    @Test("a --data-dir that is a file, or that does not exist, is said, not taken for an empty history",
          .enabled(if: binaryAvailable), arguments: ["history", "profile", "export"])
    func dataDirectory(command: String) throws {
        let history = History()
        try FileManager.default.createDirectory(at: history.directory, withIntermediateDirectories: true)
        let file = history.directory.appendingPathComponent("notes.txt")
        try Data("x".utf8).write(to: file)
        let onFile = try Self.run([command, "--data-dir", file.path])
        #expect(onFile.status == 1)
        #expect(onFile.output.contains("\(file.path) is a file, not a directory"))
        let typo = history.directory.appendingPathComponent("pecah").path
        let missing = try Self.run([command, "--data-dir", typo])
        #expect(missing.status == 1)
        #expect(missing.output.contains("there is no directory \(typo); check --data-dir"))
        #expect(!FileManager.default.fileExists(atPath: typo))
    }

    @Test("an empty history file is no history yet, and stays empty", .enabled(if: binaryAvailable),
          arguments: [["history"], ["profile"], ["profile", "--json"], ["export"]])
    func zeroLengthFile(arguments: [String]) throws {
        let history = History()
        try FileManager.default.createDirectory(at: history.directory, withIntermediateDirectories: true)
        let database = history.directory.appendingPathComponent("peach.sqlite")
        try Data().write(to: database)
        let result = try Self.run(arguments + ["--data-dir", history.directory.path])
        #expect(result.status == 0, "\(result.output)")
        let attributes = try FileManager.default.attributesOfItem(atPath: database.path)
        #expect(attributes[.size] as? Int == 0, "the read-only command wrote into it")
        #expect(try FileManager.default.contentsOfDirectory(atPath: history.directory.path) == ["peach.sqlite"])
    }

    @Test("import names what the path is when it is not a CSV file", .enabled(if: binaryAvailable))
    func importPaths() throws {
        let history = History()
        try FileManager.default.createDirectory(at: history.directory, withIntermediateDirectories: true)
        let directory = try Self.run(["import", history.directory.path, "--data-dir", history.directory.path])
        #expect(directory.status == 1)
        #expect(directory.output.contains("\(history.directory.path) is a directory; name a CSV file"))
        let device = try Self.run(["import", "/dev/zero", "--data-dir", history.directory.path])
        #expect(device.output.contains("/dev/zero is not a regular file"))
        #expect(!device.output.contains("permission"))
        let missing = try Self.run(["import", "/nonexistent.csv", "--data-dir", history.directory.path])
        #expect(missing.output.contains("/nonexistent.csv does not exist"))
        #expect(!FileManager.default.fileExists(atPath: history.directory.appendingPathComponent("peach.sqlite").path),
                "nothing was created for an import that read nothing")
    }
}
