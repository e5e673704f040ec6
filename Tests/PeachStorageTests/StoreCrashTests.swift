import Foundation
import PeachDomain
import Testing
@testable import PeachStorage

#if canImport(Glibc)
import Glibc
#endif

/// Durability: a writer killed with SIGKILL at random moments never loses an acknowledged answer
/// and never leaves a damaged file.
@Suite("History store survives kill -9")
struct StoreCrashTests {
    static var writer: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("peach-crash-writer")
    }

    /// Runs the writer until it has acknowledged `acknowledgements` answers, kills it, and returns
    /// every number it acknowledged (including any printed between the last read and the kill).
    static func runAndKill(directory: TemporaryDirectory, first: Int, acknowledgements: Int) throws -> [Int] {
        let process = Process()
        process.executableURL = writer
        process.arguments = [directory.url.path, String(first)]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var buffer = Data()
        var acknowledged: [Int] = []
        let reader = output.fileHandleForReading
        while acknowledged.count < acknowledgements {
            let chunk = reader.availableData
            if chunk.isEmpty { break }  // the writer died on its own
            buffer.append(chunk)
            acknowledged = String(decoding: buffer, as: UTF8.self).split(separator: "\n").compactMap { Int($0) }
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        buffer.append(reader.readDataToEndOfFile())
        let text = String(decoding: buffer, as: UTF8.self)
        // Only whole lines are acknowledgements; a number cut off by the kill was not fully printed.
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().compactMap { Int($0) }
    }

    @Test("30 kills at random points: integrity ok and every acknowledged answer present",
          .enabled(if: FileManager.default.isExecutableFile(atPath: writer.path)))
    func killNine() throws {
        let directory = TemporaryDirectory()
        var random = SeededRandomGenerator(seed: 99)
        var acknowledged: [Int] = []
        var next = 0
        for _ in 0..<30 {
            let numbers = try Self.runAndKill(directory: directory, first: next,
                                              acknowledgements: Int.random(in: 1...60, using: &random))
            #expect(numbers.first == next)
            acknowledged += numbers
            next = (numbers.last ?? next) + 2   // skips the one that may have been committed unacknowledged
        }
        let store = try #require(try HistoryStore.open(directory.location))
        #expect(try store.integrityCheck() == ["ok"])
        let stored = Set(try store.allCompareAnswers().map { Int($0.centOffset.rawValue) }
                         + store.allMatchAnswers().map { Int($0.userCentError.rawValue) })
        let missing = Set(acknowledged).subtracting(stored)
        #expect(missing.isEmpty, "acknowledged but lost: \(missing.sorted().prefix(10))")
        #expect(acknowledged.count >= 30)
        // At most one committed-but-unacknowledged answer per kill.
        #expect(stored.count - Set(acknowledged).count <= 30)
    }
}
