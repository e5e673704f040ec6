import Foundation
import PeachDomain
import Testing
@testable import PeachStorage

/// A clean restart skips the check of every page; anything else about the file makes it run again.
@Suite("The history's check of every page is spared after a clean close, and only then")
struct IntegrityStampTests {
    /// A history with some answers, closed cleanly when `cleanly` (else dropped, as a crash leaves it).
    static func history(cleanly: Bool, answers: Int = 200) throws -> TemporaryDirectory {
        let directory = TemporaryDirectory()
        let store = try #require(try HistoryStore.open(directory.location))
        for i in 0..<answers { try store.save(SampleRecords.comparison(60, 60, offset: Double(i + 1), at: Double(i))) }
        if cleanly { try store.close() }
        return directory
    }

    static func reopen(_ directory: TemporaryDirectory) throws -> HistoryStore {
        try #require(try HistoryStore.open(directory.location))
    }

    @Test("after a clean close, the next open does not read every page, and reads the history")
    func cleanRestart() throws {
        let directory = try Self.history(cleanly: true)
        let store = try Self.reopen(directory)
        #expect(!store.integrityChecked)
        #expect(try store.allCompareAnswers().count == 200)
    }

    @Test("an open that was not closed (a crash) leaves no stamp: the next open checks")
    func afterCrash() throws {
        let directory = try Self.history(cleanly: true)
        do {
            let store = try Self.reopen(directory)
            try store.save(SampleRecords.comparison(62, 62, offset: 3, at: 500))
        }
        #expect(try Self.reopen(directory).integrityChecked)
    }

    @Test("a history written by the open before, then closed, is spared again")
    func writtenThenClosed() throws {
        let directory = try Self.history(cleanly: true)
        let first = try Self.reopen(directory)
        try first.save(SampleRecords.comparison(62, 62, offset: 3, at: 500))
        try first.close()
        let second = try Self.reopen(directory)
        #expect(!second.integrityChecked)
        #expect(try second.allCompareAnswers().count == 201)
    }

    @Test("a file changed after the clean close (copied back, touched) is checked")
    func changedSince() throws {
        let directory = try Self.history(cleanly: true)
        let url = directory.location.databaseURL
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: url.path)
        #expect(try Self.reopen(directory).integrityChecked)
    }

    @Test("a file damaged after the clean close is refused, not read")
    func damagedSince() throws {
        let directory = try Self.history(cleanly: true, answers: 2000)
        let url = directory.location.databaseURL
        var bytes = try #require(FileManager.default.contents(atPath: url.path))
        #expect(bytes.count > 20_000, "the answers are in the file, not only in its log")
        for offset in stride(from: 8192, to: bytes.count - 1024, by: 4096) {
            bytes.replaceSubrange(offset + 100..<offset + 700, with: Data(repeating: 0xFF, count: 600))
        }
        try bytes.write(to: url)
        #expect(throws: HistoryError.self) { _ = try HistoryStore.open(directory.location) }
    }
}
