import Foundation
import GRDB
import PeachDomain
import Testing
@testable import PeachStorage

@Suite("History store (real SQLite files)")
struct HistoryStoreTests {
    @Test("comparison and pitch-matching records round-trip through a file, oldest first")
    func roundTrip() throws {
        let directory = TemporaryDirectory()
        let compareAnswers = [
            SampleRecords.comparison(60, 67, offset: -12.345678, correct: false, tuning: .justIntonation, at: 1_700_000_100.25),
            SampleRecords.comparison(48, 48, offset: 0.1, at: 1_700_000_000.5),
            SampleRecords.comparison(72, 60, offset: 99.7, at: 1_700_000_200),
        ]
        let matchAnswers = [
            SampleRecords.matching(55, 50, initial: 37.5, error: -3.25, tuning: .justIntonation, at: 1_700_000_150.125),
            SampleRecords.matching(64, 64, initial: -88, error: 0.01, at: 1_700_000_050),
        ]
        do {
            let store = try #require(try HistoryStore.open(directory.location))
            for record in compareAnswers { try store.save(record) }
            for record in matchAnswers { try store.save(record) }
        }
        let reopened = try #require(try HistoryStore.open(directory.location, create: false))
        let storedCompareAnswers = try reopened.allCompareAnswers()
        let storedMatchAnswers = try reopened.allMatchAnswers()
        let expectedComparisons = compareAnswers.sorted { $0.timestamp < $1.timestamp }
        let expectedMatchings = matchAnswers.sorted { $0.timestamp < $1.timestamp }
        #expect(storedCompareAnswers.count == 3)
        #expect(zip(storedCompareAnswers, expectedComparisons).allSatisfy(SampleRecords.same))
        #expect(zip(storedMatchAnswers, expectedMatchings).allSatisfy(SampleRecords.same))
        #expect(storedCompareAnswers[2].interval == DirectedInterval(.octave, .down))
        let counts = try reopened.counts()
        #expect(counts.compareAnswers == 3 && counts.matchAnswers == 2)
    }

    @Test("a new history is a WAL database with Peach's application id and fsync on every commit")
    func fileSettings() throws {
        let directory = TemporaryDirectory()
        _ = try HistoryStore.open(directory.location)
        let queue = try DatabaseQueue(path: directory.databasePath)
        let (journalMode, applicationID) = try queue.read { db in
            (try String.fetchOne(db, sql: "PRAGMA journal_mode"), try Int32.fetchOne(db, sql: "PRAGMA application_id"))
        }
        #expect(journalMode == "wal")
        #expect(applicationID == 0x5045_4143)
    }

    @Test("the data directory is created when missing; read-only use of a missing history creates nothing")
    func creation() throws {
        let parent = TemporaryDirectory()
        let location = DataLocation(directory: parent.url.appendingPathComponent("a/b/peach"))
        #expect(try HistoryStore.open(location, create: false) == nil)
        #expect(!FileManager.default.fileExists(atPath: location.directory.path))
        #expect(try HistoryStore.open(location) != nil)
        #expect(FileManager.default.fileExists(atPath: location.databaseURL.path))
    }

    @Test("a database made by the first schema version opens with this version and keeps its answers")
    func migrationFromFirstSchema() throws {
        let directory = TemporaryDirectory()
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: directory.databasePath)
        let first = try #require(StoreSchema.migrator.migrations.first)
        try StoreSchema.migrator.migrate(queue, upTo: first)
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO comparison (timestamp, referenceNote, targetNote, interval, tuningSystem, centOffset, isCorrect)
                VALUES (1700000000.5, 60, 53, -7, 'justIntonation', -4.5, 1)
                """)
        }
        try queue.close()
        let store = try #require(try HistoryStore.open(directory.location))
        let records = try store.allCompareAnswers()
        #expect(records.count == 1)
        #expect(records.first?.interval == DirectedInterval(.perfectFifth, .down))
        #expect(records.first?.tuningSystem == .justIntonation)
        let completed = try DatabaseQueue(path: directory.databasePath).read { db in
            try StoreSchema.migrator.hasCompletedMigrations(db)
        }
        #expect(completed)
    }

    @Test("the schema rejects rows that are no answer (out-of-range notes, wrong interval, unknown tuning)")
    func constraints() throws {
        let directory = TemporaryDirectory()
        _ = try HistoryStore.open(directory.location)
        let queue = try DatabaseQueue(path: directory.databasePath)
        for values in ["1, 128, 128, 0, 'equalTemperament', 1, 1", "1, 60, 64, 3, 'equalTemperament', 1, 1",
                       "1, 60, 60, 0, 'pythagorean', 1, 1"] {
            #expect(throws: DatabaseError.self) {
                try queue.write { db in
                    try db.execute(sql: "INSERT INTO comparison (timestamp, referenceNote, targetNote, interval, tuningSystem, centOffset, isCorrect) VALUES (\(values))")
                }
            }
        }
    }

    @Test("deleteAll forgets both kinds of answers")
    func deleteAll() throws {
        let directory = TemporaryDirectory()
        let store = try #require(try HistoryStore.open(directory.location))
        try store.save(SampleRecords.comparison(60, 60, offset: 5, at: 1))
        try store.save(SampleRecords.matching(60, 60, initial: 5, error: 1, at: 2))
        try store.deleteAll()
        let counts = try store.counts()
        #expect(counts.compareAnswers == 0 && counts.matchAnswers == 0)
    }

    @Test("as an observer of the sessions' results the store records them; the profile rebuilt from it equals the live one")
    @MainActor
    func observerAndProfileRebuild() throws {
        let directory = TemporaryDirectory()
        let store = try #require(try HistoryStore.open(directory.location))
        let live = PerceptualProfile()
        var random = SeededRandomGenerator(seed: 11)
        for i in 0..<300 {
            let reference = MIDINote(Int.random(in: 40...80, using: &random))
            let interval = [DirectedInterval.prime, DirectedInterval(.majorThird, .down)][i % 2]
            let comparison = CompareExercise(referenceNote: reference, interval: interval, tuningSystem: .justIntonation,
                                             centOffset: Cents(Double.random(in: -50...50, using: &random)))!
            let completed = CompareAnswer(exercise: comparison, answeredHigher: Bool.random(using: &random),
                                          timestamp: Date(timeIntervalSince1970: 1_700_000_000 + Double(i)))
            let exercise = MatchExercise(referenceNote: reference, interval: interval, tuningSystem: .justIntonation,
                                         initialCentOffset: 20)!
            let matched = MatchAnswer(exercise: exercise, userCentError: Cents(Double(i % 17) - 8),
                                      timestamp: completed.timestamp)
            for observer in [store as any CompareObserver, live] { try observer.compareAnswered(completed) }
            for observer in [store as any MatchObserver, live] { try observer.matchAnswered(matched) }
        }
        let rebuilt = PerceptualProfile(compareAnswers: try store.allCompareAnswers(), matchAnswers: try store.allMatchAnswers())
        for mode in TrainingMode.allCases {
            #expect(rebuilt.thresholdEstimate(for: mode, range: .standard) == live.thresholdEstimate(for: mode, range: .standard))
            #expect(rebuilt.matchAccuracy(for: mode) == live.matchAccuracy(for: mode))
        }
        #expect(rebuilt.answers(for: .compare).count + rebuilt.answers(for: .compareIntervals).count == 300)
        #expect(rebuilt.matchAccuracy(for: .matchIntervals) != nil)
    }
}
