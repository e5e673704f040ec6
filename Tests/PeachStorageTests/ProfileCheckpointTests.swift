import Foundation
import GRDB
import PeachDomain
import Testing
@testable import PeachStorage

/// `peach run`'s start from the profile checkpoint, against a real SQLite history in a temporary
/// directory: whatever happened to the history, the profile is exactly the one every answer gives.
@Suite("Profile checkpoint at start")
struct ProfileCheckpointTests {
    /// The profile's state from every stored answer, read one at a time in the store's order.
    static func whole(_ store: HistoryStore) throws -> Data {
        var answers = ProfileAnswers()
        try store.forEachAnswer(comparison: { answers.add($0) }, pitchMatching: { answers.add($0) })
        return try answers.saved()
    }

    /// A start, checked against the whole history; returns how it went.
    static func start(_ store: HistoryStore) throws -> StartingProfile {
        let start = try store.startingProfile()
        #expect(try start.answers.saved() == whole(store))
        return start
    }

    /// Random answers of both kinds from `second` on; some share a time, within and across kinds.
    static func randomAnswers(_ count: Int, from second: Double, _ random: inout SeededRandomGenerator) -> [Answer] {
        (0..<count).map { index in
            let time = second + Double(index / 2)
            let note = Int.random(in: 48...72, using: &random)
            let target = note + [0, 7, -3][Int.random(in: 0...2, using: &random)]
            let cents = Double.random(in: 0.5...80, using: &random)
            if Bool.random(using: &random) {
                return .match(SampleRecords.matching(note, target, initial: cents,
                                                     error: Double.random(in: -25...25, using: &random), at: time))
            }
            return .compare(SampleRecords.comparison(note, target, offset: cents, correct: Bool.random(using: &random),
                                                     at: time))
        }
    }

    static func filled(_ directory: TemporaryDirectory, count: Int = 600, seed: UInt64 = 1) throws -> HistoryStore {
        let store = try #require(try HistoryStore.open(directory.location))
        var random = SeededRandomGenerator(seed: seed)
        try store.save(randomAnswers(count, from: 1_700_000_000, &random), skippingStored: false)
        return store
    }

    @Test("after several runs of random answers each start continues the checkpoint and equals the whole history")
    func continuedOverRuns() throws {
        let directory = TemporaryDirectory()
        let store = try Self.filled(directory)
        let first = try Self.start(store)
        #expect(!first.continuedFromCheckpoint && first.rowsRead == 600 && first.checkpointIsCurrent)
        var random = SeededRandomGenerator(seed: 7)
        for run in 1...4 {
            let given = Self.randomAnswers(50 * run, from: 1_700_100_000 + Double(run) * 1_000, &random)
            for record in given {
                switch record {
                case .compare(let answer): try store.save(answer)
                case .match(let answer): try store.save(answer)
                case .timing, .gapFill: Issue.record("no rhythm answer is given")
                }
            }
            let start = try Self.start(store)
            #expect(start.continuedFromCheckpoint && start.rowsRead == 50 * run && start.checkpointIsCurrent)
        }
        let unchanged = try Self.start(store)
        #expect(unchanged.continuedFromCheckpoint && unchanged.rowsRead == 0)
    }

    @Test("answers at the checkpoint's very time, written after it, are read as the answers since")
    func sameTimeAfterCheckpoint() throws {
        let directory = TemporaryDirectory()
        let store = try Self.filled(directory, count: 40)
        _ = try Self.start(store)
        let last = try #require(try store.allCompareAnswers().last)
        try store.save(SampleRecords.comparison(60, 60, offset: 9, at: last.timestamp.timeIntervalSince1970))
        let start = try Self.start(store)
        #expect(start.continuedFromCheckpoint && start.rowsRead == 1)
    }

    @Test("an import (merge) of older answers forgets the checkpoint: every answer is read again")
    func importOfOlderAnswers() throws {
        let directory = TemporaryDirectory()
        let store = try Self.filled(directory)
        _ = try Self.start(store)
        let older = SampleRecords.comparison(50, 57, offset: 4, correct: false, at: 1_600_000_000)
        _ = try store.importRecords(compareAnswers: [older], matchAnswers: [], mode: .merge)
        let start = try Self.start(store)
        #expect(!start.continuedFromCheckpoint && start.rowsRead == 601)
    }

    @Test("a journal replayed with answers older than the checkpoint forgets it")
    func journalReplayOfOlderAnswers() throws {
        let directory = TemporaryDirectory()
        let store = try Self.filled(directory)
        _ = try Self.start(store)
        let older = SampleRecords.matching(60, 60, initial: 20, error: 3, at: 1_650_000_000)
        try store.save([.match(older)], skippingStored: true)
        let start = try Self.start(store)
        #expect(!start.continuedFromCheckpoint && start.rowsRead == 601)
    }

    @Test("an answer given after the clock was set back forgets the checkpoint")
    func clockSetBack() throws {
        let directory = TemporaryDirectory()
        let store = try Self.filled(directory)
        _ = try Self.start(store)
        try store.save(SampleRecords.comparison(60, 67, offset: 30, at: 1_000_000_000))
        #expect(!(try Self.start(store).continuedFromCheckpoint))
    }

    @Test("rows deleted or changed behind Peach's back, or an older row slipped in, are noticed at start")
    func changedOutsidePeach() throws {
        let directory = TemporaryDirectory()
        let store = try Self.filled(directory)
        let statements = [
            "DELETE FROM comparison WHERE id IN (SELECT id FROM comparison ORDER BY timestamp LIMIT 3)",
            "UPDATE pitchMatching SET userCentError = userCentError + 1 WHERE id = (SELECT min(id) FROM pitchMatching)",
            // One deleted and an older one added: the count stays, the new row's id gives it away.
            """
            DELETE FROM comparison WHERE id = (SELECT min(id) FROM comparison);
            INSERT INTO comparison (timestamp, referenceNote, targetNote, interval, tuningSystem, centOffset, isCorrect)
                VALUES (1500000000, 60, 60, 0, 'equalTemperament', 5, 1)
            """,
            // The last covered row deleted.
            """
            DELETE FROM pitchMatching WHERE id = (SELECT id FROM pitchMatching ORDER BY timestamp DESC, id DESC LIMIT 1)
            """,
        ]
        for sql in statements {
            _ = try Self.start(store)
            try store.database.write { try $0.execute(sql: sql) }
            #expect(!(try Self.start(store).continuedFromCheckpoint), "\(sql)")
        }
    }

    @Test("a damaged checkpoint, one of an older version or with impossible marks, is rebuilt, then used again")
    func unusableCheckpoint() throws {
        let directory = TemporaryDirectory()
        let store = try Self.filled(directory)
        let version = ProfileAnswers.formatVersion
        let changes = [
            "UPDATE profileCheckpoint SET state = x'7b2276'",
            "UPDATE profileCheckpoint SET state = CAST(replace(CAST(state AS TEXT), '\"version\":\(version)', '\"version\":0') AS BLOB)",
            "UPDATE profileCheckpoint SET comparisonLastID = NULL",
            "UPDATE profileCheckpoint SET pitchMatchingCount = pitchMatchingCount - 1",
        ]
        for sql in changes {
            _ = try Self.start(store)
            try store.database.write { db in
                try db.execute(sql: sql)
                #expect(db.changesCount == 1, "\(sql)")
            }
            let rebuilt = try Self.start(store)
            #expect(!rebuilt.continuedFromCheckpoint && rebuilt.rowsRead == 600 && rebuilt.checkpointIsCurrent, "\(sql)")
            #expect(try Self.start(store).continuedFromCheckpoint)
        }
    }

    @Test("reset and replacing import forget it; an emptied history starts empty")
    func resetAndReplace() throws {
        let directory = TemporaryDirectory()
        let store = try Self.filled(directory)
        _ = try Self.start(store)
        try store.deleteAll()
        let empty = try Self.start(store)
        #expect(!empty.continuedFromCheckpoint && empty.rowsRead == 0 && empty.answers.discrimination.isEmpty)
        var random = SeededRandomGenerator(seed: 3)
        let answers = Self.randomAnswers(80, from: 1_600_000_000, &random)
        _ = try store.importAnswers(mode: .replace) { add in for answer in answers { try add(answer) } }
        let imported = try Self.start(store)
        #expect(!imported.continuedFromCheckpoint && imported.rowsRead == 80)
    }

    @Test("a history opened again continues the checkpoint the last start saved")
    func acrossReopening() throws {
        let directory = TemporaryDirectory()
        let store = try Self.filled(directory)
        _ = try Self.start(store)
        try store.close()
        let reopened = try #require(try HistoryStore.open(directory.location))
        let start = try Self.start(reopened)
        #expect(start.continuedFromCheckpoint && start.rowsRead == 0)
    }
}
