import Foundation
import GRDB
import PeachDomain
import PeachTestSupport
import Testing
@testable import PeachStorage

@Suite("The history keeps the iOS app's rhythm answers: import, duplicates, replace, reset, export, migration")
struct RhythmAnswersStoreTests {
    typealias F = CSVFixture
    static let now = Date(timeIntervalSince1970: 1_780_000_000)

    /// A store and the iOS fixture as a file beside it.
    static func storeAndFixture(_ directory: TemporaryDirectory) throws -> (HistoryStore, URL) {
        let store = try #require(try HistoryStore.open(directory.location))
        let file = directory.url.appendingPathComponent("from-iphone.csv")
        try Data(IOSExportFixture.format3.utf8).write(to: file)
        return (store, file)
    }

    static func exported(_ store: HistoryStore, chunkSize: Int = 64 << 10) throws -> String {
        var text = ""
        try store.exportCSV(chunkSize: chunkSize) { text += $0 }
        return text
    }

    @Test("an iOS export imported into a history exports back byte for byte, in pieces of any size")
    func roundTripThroughTheStore() throws {
        let directory = TemporaryDirectory()
        let (store, file) = try Self.storeAndFixture(directory)
        let result = try store.importCSV(file, mode: .merge, now: Self.now, pieceSize: 7)
        #expect(result.summary == ImportSummary(compareAnswersAdded: 3, matchAnswersAdded: 2, timingAnswersAdded: 4,
                                                gapFillAnswersAdded: 3))
        #expect(try Self.exported(store) == IOSExportFixture.format3)
        #expect(try Self.exported(store, chunkSize: 10) == IOSExportFixture.format3)
        try store.close()
        let reopened = try #require(try HistoryStore.open(directory.location))
        #expect(try Self.exported(reopened) == IOSExportFixture.format3)
        let counts = try reopened.counts()
        #expect(counts == AnswerCounts(compareAnswers: 3, matchAnswers: 2, timingAnswers: 4, gapFillAnswers: 3))
    }

    @Test("merging the same file twice adds no rhythm answer twice; the iOS app's rule: same kind, tempo and second")
    func mergeTwice() throws {
        let directory = TemporaryDirectory()
        let (store, file) = try Self.storeAndFixture(directory)
        _ = try store.importCSV(file, mode: .merge, now: Self.now)
        let again = try store.importCSV(file, mode: .merge, now: Self.now)
        #expect(again.summary == ImportSummary(duplicatesSkipped: 12))
        #expect(try store.counts() == AnswerCounts(compareAnswers: 3, matchAnswers: 2, timingAnswers: 4, gapFillAnswers: 3))
        #expect(try Self.exported(store) == IOSExportFixture.format3)

        let timing = try #require(try store.allTimingAnswers().first)
        let gap = try #require(try store.allGapFillAnswers().first)
        let summary = try store.importRecords(
            compareAnswers: [], matchAnswers: [],
            timingAnswers: [
                F.timing(timing.tempo.rawValue, 3, false, at: timing.timestamp.timeIntervalSince1970 + 0.9), // duplicate
                F.timing(timing.tempo.rawValue + 1, 3, false, at: timing.timestamp.timeIntervalSince1970), // other tempo
                F.timing(gap.tempo.rawValue, 3, false, at: gap.timestamp.timeIntervalSince1970), // Fill the Gap's key
            ],
            gapFillAnswers: [
                F.gapFill(gap.tempo.rawValue, 9, at: gap.timestamp.timeIntervalSince1970), // duplicate
                F.gapFill(gap.tempo.rawValue, 9, at: gap.timestamp.timeIntervalSince1970 + 1), // next second
            ],
            mode: .merge)
        #expect(summary == ImportSummary(timingAnswersAdded: 2, gapFillAnswersAdded: 1, duplicatesSkipped: 2))
    }

    @Test("replace forgets the stored rhythm answers and keeps the file's")
    func replace() throws {
        let directory = TemporaryDirectory()
        let (store, file) = try Self.storeAndFixture(directory)
        _ = try store.importCSV(file, mode: .merge, now: Self.now)
        let other = directory.url.appendingPathComponent("other.csv")
        try Data(F.file3([F.timingRow(["tempoBPM": "66"]), F.gapFillRow()]).utf8).write(to: other)
        let result = try store.importCSV(other, mode: .replace, now: Self.now)
        #expect(result.summary == ImportSummary(timingAnswersAdded: 1, gapFillAnswersAdded: 1))
        #expect(try store.counts() == AnswerCounts(timingAnswers: 1, gapFillAnswers: 1))
        #expect(try store.allTimingAnswers().map(\.tempo.rawValue) == [66])
        #expect(try store.allGapFillAnswers() == [F.gapFill(90, 3.5, [nil, 3.5, nil, nil], at: F.t0 + 173)])
        // The dashboard's upload goes through the same import.
        let parsed = try HistoryCSV.parse(IOSExportFixture.format3, now: Self.now)
        _ = try store.importRecords(compareAnswers: parsed.compareAnswers, matchAnswers: parsed.matchAnswers,
                                    timingAnswers: parsed.timingAnswers, gapFillAnswers: parsed.gapFillAnswers,
                                    mode: .replace)
        #expect(try Self.exported(store) == IOSExportFixture.format3)
    }

    @Test("reset forgets the rhythm answers too")
    func reset() throws {
        let directory = TemporaryDirectory()
        let (store, file) = try Self.storeAndFixture(directory)
        _ = try store.importCSV(file, mode: .merge, now: Self.now)
        try store.deleteAll()
        #expect(try store.counts() == AnswerCounts())
        #expect(try store.allTimingAnswers().isEmpty && store.allGapFillAnswers().isEmpty)
        #expect(try Self.exported(store).split(separator: "\n").count == 2)
    }

    @Test("a malformed rhythm row imports nothing of the file: the history is as it was")
    func malformedRowImportsNothing() throws {
        let directory = TemporaryDirectory()
        let (store, file) = try Self.storeAndFixture(directory)
        _ = try store.importCSV(file, mode: .merge, now: Self.now)
        let before = try Self.exported(store)
        let bad = directory.url.appendingPathComponent("bad.csv")
        let rows = [F.comparisonRow(["timestamp": "2026-04-01T10:00:00Z"]), F.timingRow(["timestamp": "2026-04-01T10:00:01Z"]),
                    F.gapFillRow(["tempoBPM": "ninety"]), F.matchingRow(["timestamp": "2026-04-01T10:00:02Z"])]
        try Data(F.file3(rows).utf8).write(to: bad)
        for mode in [ImportMode.merge, .replace] {
            let error = try #require(#expect(throws: CSVImportError.self) {
                _ = try store.importCSV(bad, mode: mode, now: Self.now)
            })
            #expect(error.description
                    == "line 5: tempoBPM \"ninety\" is not a tempo (a whole number of beats per minute, 20–300)")
            #expect(try Self.exported(store) == before)
        }
    }

    @Test("the latest answers list the rhythm answers among the others, newest first")
    func latest() throws {
        let directory = TemporaryDirectory()
        let (store, file) = try Self.storeAndFixture(directory)
        _ = try store.importCSV(file, mode: .merge, now: Self.now)
        let latest = try store.latest(limit: 4)
        #expect(latest.map(HistoryCSV.trainingType) == [
            "pitchDiscrimination", "rhythmOffsetDetection", "continuousRhythmMatching", "continuousRhythmMatching",
        ])
        #expect(try store.latest(limit: 100).count == 12)
    }

    @Test("the pitch profile reads no rhythm answer")
    func profileIgnoresRhythm() throws {
        let directory = TemporaryDirectory()
        let (store, file) = try Self.storeAndFixture(directory)
        _ = try store.importCSV(file, mode: .merge, now: Self.now)
        let start = try store.startingProfile()
        #expect(start.rowsRead == 5)
        var pitch = 0
        try store.forEachAnswer(comparison: { _ in pitch += 1 }, pitchMatching: { _ in pitch += 1 })
        #expect(pitch == 5)
    }

    @Test("a journal keeps rhythm answers, and a replay writes them once")
    func journal() throws {
        let directory = TemporaryDirectory()
        let store = try #require(try HistoryStore.open(directory.location))
        let journal = AnswerJournal(location: directory.location)
        let answers: [Answer] = [.timing(F.timing(120, -4.5, true, at: F.t0 + 0.125)),
                                 .gapFill(F.gapFill(80, 2, [nil, nil, 1.5, 2.5], at: F.t0 + 1)),
                                 .gapFill(F.gapFill(80, 2, at: F.t0 + 2))]
        for answer in answers { try journal.append(answer) }
        let pending = try journal.pending()
        #expect(pending.records == answers && pending.unreadableLines == 0)
        #expect(try store.save(pending.records, skippingStored: true) == 3)
        #expect(try store.save(pending.records, skippingStored: true) == 0)
        #expect(try store.counts() == AnswerCounts(timingAnswers: 1, gapFillAnswers: 2))
    }

    @Test("a history of the previous schema opens, keeps its answers and gets the rhythm tables")
    func migrationFromPreviousSchema() throws {
        let directory = TemporaryDirectory()
        let queue = try DatabaseQueue(path: directory.databasePath)
        try StoreSchema.migrator.migrate(queue, upTo: "v2-profile-checkpoint")
        let before = try queue.write { db in
            try db.execute(sql: """
                INSERT INTO comparison (timestamp, referenceNote, targetNote, interval, tuningSystem, centOffset, isCorrect)
                VALUES (1700000000.5, 60, 53, -7, 'justIntonation', -4.5, 1)
                """)
            return [try db.tableExists("compareTiming"), try db.tableExists("fillTheGap")]
        }
        #expect(before == [false, false])
        try queue.close()

        let store = try #require(try HistoryStore.open(directory.location))
        #expect(try store.allCompareAnswers().count == 1)
        #expect(try store.counts() == AnswerCounts(compareAnswers: 1))
        let file = directory.url.appendingPathComponent("from-iphone.csv")
        try Data(IOSExportFixture.format3.utf8).write(to: file)
        _ = try store.importCSV(file, mode: .merge, now: Self.now)
        #expect(try store.counts() == AnswerCounts(compareAnswers: 4, matchAnswers: 2, timingAnswers: 4, gapFillAnswers: 3))
        try store.close()
        let migrated = try DatabaseQueue(path: directory.databasePath)
        let (completed, tables, indexes) = try migrated.read { db in
            (try StoreSchema.migrator.hasCompletedMigrations(db),
             [try db.tableExists("compareTiming"), try db.tableExists("fillTheGap")],
             try db.indexes(on: "compareTiming").map(\.name) + db.indexes(on: "fillTheGap").map(\.name))
        }
        #expect(completed && tables == [true, true])
        #expect(Set(indexes) == ["compareTiming_timestamp", "fillTheGap_timestamp"])
    }

    @Test("the rhythm tables refuse a tempo that is no tempo; a stored row no answer can be is not read")
    func tolerance() throws {
        let directory = TemporaryDirectory()
        let store = try #require(try HistoryStore.open(directory.location))
        let queue = try DatabaseQueue(path: directory.databasePath)
        #expect(throws: DatabaseError.self) {
            try queue.write { try $0.execute(sql: "INSERT INTO compareTiming (timestamp, tempoBPM, offsetMs, isCorrect) VALUES (1, 0, 1, 1)") }
        }
        try queue.write { db in
            try db.execute(sql: "INSERT INTO compareTiming (timestamp, tempoBPM, offsetMs, isCorrect) VALUES (1772719387, 999, 1, 1)")
            try db.execute(sql: "INSERT INTO fillTheGap (timestamp, tempoBPM, meanOffsetMs, meanOffsetMsPosition1) VALUES (1772719387, 90, 1, 'x')")
            try db.execute(sql: "INSERT INTO fillTheGap (timestamp, tempoBPM, meanOffsetMs) VALUES (1772719388, 90, 1)")
        }
        try queue.close()
        #expect(try store.allTimingAnswers().isEmpty)
        #expect(try store.allGapFillAnswers() == [F.gapFill(90, 1, at: F.t0 + 1)])
    }
}
