import Foundation
import GRDB
import PeachDomain
import Testing
@testable import PeachStorage

/// A Fill the Gap trial trained here keeps every tap and its misses; the iOS app's trials keep their means.
@MainActor
@Suite("Rhythm answers trained here: through the durable writer, with every tap")
struct GapTapsStoreTests {
    let directory = TemporaryDirectory()
    let clock = ManualTrainingClock()

    static let trial = GapFillAnswer(
        tempo: TempoBPM(validating: 96)!, meanOffsetMs: -4.25, meanOffsetMsByPosition: [-3.5, nil, -5.0, nil],
        timestamp: Date(timeIntervalSince1970: 1_800_000_000.125),
        taps: GapTaps(hits: [GapTaps.Tap(position: .beat, offsetMs: -3.5), GapTaps.Tap(position: .and, offsetMs: -6.5),
                             GapTaps.Tap(position: .and, offsetMs: -3.5)],
                      misses: 13))!
    static let timing = TimingAnswer(tempo: TempoBPM(validating: 96)!, offsetMs: -7.8125, isCorrect: true,
                                     timestamp: Date(timeIntervalSince1970: 1_800_000_001.5))
    static let imported = GapFillAnswer(tempo: TempoBPM(validating: 80)!, meanOffsetMs: 2,
                                        timestamp: Date(timeIntervalSince1970: 1_700_000_000))!

    /// Outside a transaction, as a second program holding the lock does (not async: GRDB's blocking call).
    static func execute(_ sql: String, _ queue: DatabaseQueue) throws {
        try queue.writeWithoutTransaction { try $0.execute(sql: sql) }
    }

    func openStore() throws -> HistoryStore {
        try #require(try HistoryStore.open(directory.location, busyTimeout: 0.05))
    }

    @Test("the durable writer stores a rhythm answer and a trial's taps; they read back equal, in order")
    func stored() throws {
        let store = try openStore()
        let writer = DurableAnswerWriter(store: store, journal: AnswerJournal(location: directory.location), clock: clock)
        let observer: any RhythmObserver = writer
        try observer.rhythmAnswered(.gapFill(Self.trial))
        try observer.rhythmAnswered(.timing(Self.timing))
        #expect(writer.waiting.isEmpty)
        #expect(try store.allGapFillAnswers() == [Self.trial])
        #expect(try store.allTimingAnswers() == [Self.timing])
        let rows = try DatabaseQueue(path: directory.databasePath).read { db in
            try Row.fetchAll(db, sql: "SELECT trial, position, offsetMs FROM fillTheGapTap ORDER BY id")
                .map { [Double($0[0] as Int64), Double($0[1] as Int64), $0[2] as Double] }
        }
        #expect(rows == [[1, 0, -3.5], [1, 2, -6.5], [1, 2, -3.5]])
        var streamed: [GapFillAnswer] = []
        try store.forEachRhythmAnswer(timing: { _ in }, gapFill: { streamed.append($0) })
        #expect(streamed == [Self.trial])
        #expect(try store.latest(limit: 5) == [.timing(Self.timing), .gapFill(Self.trial)])
    }

    @Test("an imported trial has no taps beside a trained one; the export writes the iOS columns only")
    func importedHasNone() throws {
        let store = try openStore()
        try store.save([.gapFill(Self.imported), .gapFill(Self.trial)], skippingStored: false)
        #expect(try store.allGapFillAnswers().map(\.taps) == [nil, Self.trial.taps])
        var text = ""
        try store.exportCSV { text += $0 }
        #expect(text.contains(",80,,2.0,,,,\n"), "\(text)")
        #expect(text.hasSuffix(",96,,-4.25,-3.5,,-5.0,"), "\(text)")
        #expect(!text.contains(",13") && !text.contains("-6.5"), "no tap, no miss in the iOS format: \(text)")
    }

    @Test("when the history refuses, the trial is journaled with its taps and written with them once it accepts")
    func journaled() async throws {
        let store = try openStore()
        let journal = AnswerJournal(location: directory.location)
        let writer = DurableAnswerWriter(store: store, journal: journal, clock: clock)
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let holder = try DatabaseQueue(path: directory.databasePath, configuration: configuration)
        try Self.execute("BEGIN EXCLUSIVE", holder)
        writer.rhythmAnswered(.gapFill(Self.trial))
        writer.rhythmAnswered(.timing(Self.timing))
        #expect(writer.waiting == [.gapFill(Self.trial), .timing(Self.timing)])
        #expect(try journal.pending().records == [.gapFill(Self.trial), .timing(Self.timing)])
        let line = try String(contentsOf: journal.url, encoding: .utf8).split(separator: "\n")[0]
        #expect(line.contains("\"misses\":13") && line.contains("\"taps\":[{"), "\(line)")

        try Self.execute("ROLLBACK", holder)
        await writer.retry()
        #expect(writer.waiting.isEmpty)
        #expect(try store.allGapFillAnswers() == [Self.trial])
        #expect(try store.allTimingAnswers() == [Self.timing])
        #expect(!FileManager.default.fileExists(atPath: journal.url.path))
    }

    @Test("a journal replayed twice writes a trial and its taps once")
    func replayOnce() throws {
        let store = try openStore()
        let journal = AnswerJournal(location: directory.location)
        try journal.append(.gapFill(Self.trial))
        #expect(try store.save(try journal.pending().records, skippingStored: true) == 1)
        #expect(try store.save(try journal.pending().records, skippingStored: true) == 0)
        #expect(try store.allGapFillAnswers() == [Self.trial])
        let taps = try DatabaseQueue(path: directory.databasePath).read { try Int.fetchOne($0, sql: "SELECT count(*) FROM fillTheGapTap") }
        #expect(taps == 3)
    }

    @Test("forgetting the history forgets the taps; the schema refuses a tap without its trial")
    func reset() throws {
        let store = try openStore()
        try store.save([.gapFill(Self.trial)], skippingStored: false)
        try store.deleteAll()
        let queue = try DatabaseQueue(path: directory.databasePath)
        #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM fillTheGapTap") } == 0)
        #expect(throws: DatabaseError.self) {
            try queue.write { try $0.execute(sql: "INSERT INTO fillTheGapTap (trial, position, offsetMs) VALUES (99, 0, 1)") }
        }
        #expect(throws: DatabaseError.self) {
            try queue.write { db in
                try db.execute(sql: "INSERT INTO fillTheGap (timestamp, tempoBPM, meanOffsetMs) VALUES (1, 80, 1)")
                try db.execute(sql: "INSERT INTO fillTheGapTap (trial, position, offsetMs) VALUES (?, 4, 1)",
                               arguments: [db.lastInsertedRowID])
            }
        }
    }

    @Test("a history of the previous schema gets the taps' table; its trials keep no taps")
    func migration() throws {
        let queue = try DatabaseQueue(path: directory.databasePath)
        try StoreSchema.migrator.migrate(queue, upTo: "v3-rhythm-answers")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO fillTheGap (timestamp, tempoBPM, meanOffsetMs) VALUES (1700000000, 80, 2)")
        }
        try queue.close()
        let store = try openStore()
        #expect(try store.allGapFillAnswers() == [Self.imported])
        try store.save([.gapFill(Self.trial)], skippingStored: false)
        #expect(try store.allGapFillAnswers() == [Self.imported, Self.trial])
    }
}

@MainActor
@Suite("peach run's start: the rhythm profile")
struct PracticeStartRhythmTests {
    @Test("the rhythm answers stored, journaled ones too, are in the rhythm profile at start; the pitch profile has none")
    func rhythmAtStart() throws {
        let directory = TemporaryDirectory()
        let store = try #require(try HistoryStore.open(directory.location))
        try store.save([.gapFill(GapTapsStoreTests.trial)], skippingStored: false)
        try AnswerJournal(location: directory.location).append(.timing(GapTapsStoreTests.timing))
        let start = try PracticeStart.prepare(store, clock: ManualTrainingClock())
        #expect(start.rhythm.profile.timingCount == 1 && start.rhythm.profile.gapFillCount == 1)
        #expect(start.rhythm.profile.hits == 3 && start.rhythm.profile.misses == 13)
        #expect(start.profile.answers(for: .compare).count == 0)
    }
}
