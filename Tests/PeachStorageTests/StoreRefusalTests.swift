import Foundation
import GRDB
import PeachDomain
import Testing
@testable import PeachStorage

/// A history Peach cannot use is refused with a message, and the file is left exactly as it was.
@Suite("History store refuses what it must not touch")
struct StoreRefusalTests {
    static func contents(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    /// Opens the store at `directory` expecting `expected`, and checks that the file did not change.
    static func expectRefusal(_ directory: TemporaryDirectory, matches expected: (HistoryError) -> Bool,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        let before = contents(directory.databasePath)
        do {
            _ = try HistoryStore.open(directory.location)
            Issue.record("the store opened a file it must refuse", sourceLocation: sourceLocation)
        } catch {
            #expect(expected(error), "unexpected error: \(error)", sourceLocation: sourceLocation)
            #expect(error.description.contains(directory.databasePath), sourceLocation: sourceLocation)
        }
        #expect(contents(directory.databasePath) == before, "the file was modified", sourceLocation: sourceLocation)
    }

    @Test("a file that is not SQLite")
    func notADatabase() throws {
        let directory = TemporaryDirectory()
        try Data(repeating: 0x41, count: 8192).write(to: directory.location.databaseURL)
        Self.expectRefusal(directory) { if case .notADatabase = $0 { true } else { false } }
    }

    @Test("another program's SQLite database")
    func foreign() throws {
        let directory = TemporaryDirectory()
        let queue = try DatabaseQueue(path: directory.databasePath)
        try queue.write { try $0.execute(sql: "CREATE TABLE invoices (id INTEGER PRIMARY KEY, amount REAL); INSERT INTO invoices VALUES (1, 9.5)") }
        try queue.close()
        Self.expectRefusal(directory) { if case .notPeachDatabase = $0 { true } else { false } }
    }

    @Test("a database written by a newer Peach")
    func newer() throws {
        let directory = TemporaryDirectory()
        _ = try HistoryStore.open(directory.location)
        let queue = try DatabaseQueue(path: directory.databasePath)
        try queue.write { try $0.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v2-from-the-future')") }
        try queue.close()
        Self.expectRefusal(directory) {
            if case .newerVersion(_, let unknown) = $0 { unknown == ["v2-from-the-future"] } else { false }
        }
    }

    @Test("a damaged database")
    func corrupt() throws {
        let directory = TemporaryDirectory()
        do {
            let store = try #require(try HistoryStore.open(directory.location))
            for i in 0..<2000 {
                try store.save(SampleRecords.comparison(60, 60, offset: Double(i), at: Double(i)))
            }
        }
        // Checkpoint the WAL into the main file, then scribble over the middle of it.
        let queue = try DatabaseQueue(path: directory.databasePath)
        try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE") }
        try queue.close()
        var bytes = try #require(Self.contents(directory.databasePath))
        #expect(bytes.count > 20_000)
        for offset in stride(from: 8192, to: bytes.count - 4096, by: 4096) {
            bytes.replaceSubrange(offset + 100..<offset + 700, with: Data(repeating: 0xFF, count: 600))
        }
        try bytes.write(to: directory.location.databaseURL)
        Self.expectRefusal(directory) {
            switch $0 {
            case .corrupt, .notADatabase: true
            default: false
            }
        }
    }

    @Test("a database another program holds locked")
    func locked() throws {
        let directory = TemporaryDirectory()
        _ = try HistoryStore.open(directory.location)
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let holder = try DatabaseQueue(path: directory.databasePath, configuration: configuration)
        try holder.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = DELETE")
            try db.execute(sql: "BEGIN EXCLUSIVE")
        }
        defer { try? holder.writeWithoutTransaction { try $0.execute(sql: "ROLLBACK") } }
        Self.expectRefusal(directory) { if case .locked = $0 { true } else { false } }
    }

    @Test("messages say what is wrong and what to do")
    func messages() {
        #expect(HistoryError.newerVersion(path: "/d/peach.sqlite", unknownMigrations: ["v9"]).description.contains("Update Peach"))
        #expect(HistoryError.locked(path: "/d/peach.sqlite").description.contains("another program"))
        #expect(HistoryError.notPeachDatabase(path: "/x.sqlite").description.contains("another program"))
        #expect(HistoryError.corrupt(path: "/d/p", details: "page 3").description.contains(".recover"))
    }
}
