import Foundation
import GRDB
import PeachDomain
import Testing
@testable import PeachStorage

/// Whatever an older or foreign writer left in a Peach history, reading it never traps: rows that
/// cannot be answers are skipped, the rest are read.
@Suite("Reading a history tolerates whatever was stored")
struct StoreToleranceTests {
    /// Rows the CHECK constraints do not keep out: SQLite stores any type in any column. (Rows that
    /// break a constraint make the file fail its check and are refused as damaged, tested elsewhere.)
    static func storeOddRows(_ path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: """
                INSERT INTO comparison (timestamp, referenceNote, targetNote, interval, tuningSystem, centOffset, isCorrect)
                VALUES ('yesterday', 60, 60, 0, 'equalTemperament', 5.0, 1),
                       (1800000000.0, 60, 60, 0, 'equalTemperament', 'loud', 1),
                       (9e300, 60, 60, 0, 'equalTemperament', 5.0, 1),
                       (1800000000.0, 60, 60, 0, 'equalTemperament', 9e999, 1),
                       (1800000001.0, 127, 115, -12, 'equalTemperament', 3.5, 0);
                INSERT INTO pitchMatching (timestamp, referenceNote, targetNote, interval, tuningSystem,
                                           initialCentOffset, userCentError)
                VALUES (1800000000.0, 60, 60, 0, 'justIntonation', -9e999, 1.0),
                       (x'00ff', 60, 60, 0, 'justIntonation', 3.0, 1.0),
                       (1800000002.0, 120, 127, 7, 'justIntonation', 3.0, -1.0);
                """)
        }
        try queue.close()
    }

    @Test("every reader skips what cannot be an answer and reads the rest")
    func readers() throws {
        let directory = TemporaryDirectory()
        _ = try #require(try HistoryStore.open(directory.location))
        try Self.storeOddRows(directory.databasePath)
        let store = try #require(try HistoryStore.open(directory.location))
        let compareAnswers = try store.allCompareAnswers()
        // Kept: the answer from 127 down an octave, and the finite (if absurd) time 9e300 s.
        #expect(compareAnswers.map(\.targetNote) == [MIDINote(115), MIDINote(60)])
        #expect(try store.allMatchAnswers().map(\.targetNote) == [MIDINote(127)])
        #expect(try store.latest(limit: 20).count == 3)
    }

    @Test("merging an import into such a history works")
    func merge() throws {
        let directory = TemporaryDirectory()
        _ = try #require(try HistoryStore.open(directory.location))
        try Self.storeOddRows(directory.databasePath)
        let store = try #require(try HistoryStore.open(directory.location))
        let summary = try store.importRecords(compareAnswers: [SampleRecords.comparison(60, 67, offset: 2, at: 1_790_000_000)],
                                              matchAnswers: [], mode: .merge)
        #expect(summary.compareAnswersAdded == 1)
        #expect(try store.allCompareAnswers().count == 3)
    }
}
