import Foundation
import GRDB
import PeachDomain
import Testing
@testable import PeachStorage

/// A second program holding the history's write lock, as `sqlite3` with `BEGIN EXCLUSIVE` does.
private final class LockHolder {
    private let queue: DatabaseQueue

    init(_ path: String) throws {
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.writeWithoutTransaction { try $0.execute(sql: "BEGIN EXCLUSIVE") }
    }

    func release() throws {
        try queue.writeWithoutTransaction { try $0.execute(sql: "ROLLBACK") }
    }
}

@MainActor
@Suite("Every acknowledged answer reaches the history")
struct DurableAnswerWriterTests {
    let directory = TemporaryDirectory()
    let clock = ManualTrainingClock()

    func openStore() throws -> HistoryStore {
        try #require(try HistoryStore.open(directory.location, busyTimeout: 0.05))
    }

    static func answer(_ i: Int) -> Answer {
        .compare(SampleRecords.comparison(60, 60 + i % 12, offset: Double(i) + 0.25, at: 1_800_000_000 + Double(i)))
    }

    /// The writer, with every event it reports collected in `log`.
    func writer(_ store: HistoryStore, journal: AnswerJournal?, log: EventLog) -> DurableAnswerWriter {
        let writer = DurableAnswerWriter(store: store, journal: journal, clock: clock)
        writer.onEvent = { log.events.append($0) }
        return writer
    }

    @Test("answers given while another program holds the lock are journaled, then written once when it lets go")
    func lockedThenReleased() async throws {
        let store = try openStore()
        let journal = AnswerJournal(location: directory.location)
        let log = EventLog()
        let writer = writer(store, journal: journal, log: log)
        writer.record(Self.answer(0))
        let holder = try LockHolder(directory.databasePath)
        for i in 1...5 { writer.record(Self.answer(i)) }
        guard case .refused(let reason, journaled: true)? = log.events.first, log.events.count == 1 else {
            Issue.record("not told exactly once: \(log.events)")
            return
        }
        #expect(reason.contains("locked by another program"))
        #expect(writer.waiting.count == 5)
        #expect(try journal.pending().records == (1...5).map(Self.answer))
        #expect(clock.pendingTimerCount == 1, "a retry is scheduled")

        await writer.retry()
        #expect(writer.waiting.count == 5, "still locked: nothing written, nothing told again")
        #expect(log.events.count == 1)

        try holder.release()
        await writer.retry()
        #expect(log.events.last == .recovered(written: 5))
        #expect(writer.waiting.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: journal.url.path), "the journal is removed once written")
        writer.record(Self.answer(6))
        let stored = try store.allCompareAnswers().map(Answer.compare)
        #expect(stored == (0...6).map(Self.answer), "each answer exactly once, in order")
        #expect(log.events.count == 2)
    }

    @Test("a journal left by a killed run is written at the next start, exactly once")
    func replay() throws {
        let journal = AnswerJournal(location: directory.location)
        do {
            let store = try openStore()
            // Killed between the history's commit and the journal's removal: answer 1 is in both.
            try store.save([Self.answer(1)], skippingStored: false)
            for i in 1...3 { try journal.append(Self.answer(i)) }
            // Killed in the middle of writing a line.
            let handle = try FileHandle(forWritingTo: journal.url)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("{\"kind\":\"compar".utf8))
            try handle.close()
        }
        let store = try openStore()
        let log = EventLog()
        let writer = writer(store, journal: journal, log: log)
        writer.replayJournal()
        #expect(try store.allCompareAnswers().map(Answer.compare) == (1...3).map(Self.answer))
        #expect(!FileManager.default.fileExists(atPath: journal.url.path))
        #expect(log.events.isEmpty)
        writer.replayJournal()
        #expect(try store.counts().compareAnswers == 3)
    }

    @Test("a journal that cannot be replayed at start (history locked) is kept and written when the lock goes")
    func replayWhileLocked() async throws {
        let journal = AnswerJournal(location: directory.location)
        for i in 0..<3 { try journal.append(Self.answer(i)) }
        let store = try openStore()
        let holder = try LockHolder(directory.databasePath)
        let log = EventLog()
        let writer = writer(store, journal: journal, log: log)
        writer.replayJournal()
        #expect(writer.waiting.count == 3)
        #expect(log.events.count == 1)
        writer.record(Self.answer(3))
        try holder.release()
        await writer.retry()
        #expect(try store.allCompareAnswers().map(Answer.compare) == (0...3).map(Self.answer))
        #expect(try journal.pending().records.isEmpty)
    }

    @Test("when the journal cannot be written either, the player is told and the answers still arrive")
    func journalUnwritable() async throws {
        let store = try openStore()
        let log = EventLog()
        // A directory where the journal file should be: every append fails.
        let writer = writer(store, journal: AnswerJournal(url: directory.url), log: log)
        let holder = try LockHolder(directory.databasePath)
        writer.record(Self.answer(0))
        writer.record(Self.answer(1))
        guard case .refused(_, let journaled)? = log.events.first else {
            Issue.record("no refusal told: \(log.events)")
            return
        }
        #expect(!journaled)
        #expect(log.events.count == 1, "told once, not per answer")
        try holder.release()
        await writer.retry()
        #expect(try store.counts().compareAnswers == 2)
        #expect(log.events.last == .recovered(written: 2))
        #expect(FileManager.default.fileExists(atPath: directory.url.path), "clearing never removes what is not a journal")
    }

    @Test("a journal write cut short by a full disk leaves no partial line")
    func journalAppendFailure() throws {
        let journal = AnswerJournal(url: URL(fileURLWithPath: "/dev/full"))
        #expect(throws: JournalError.self) { try journal.append(Self.answer(0)) }
        let missing = AnswerJournal(url: directory.url.appendingPathComponent("no/such/dir/j.jsonl"))
        do {
            try missing.append(Self.answer(0))
            Issue.record("appending into a missing directory succeeded")
        } catch {
            #expect("\(error)".contains("no/such/dir"))
        }
    }

    @Test("a store told to wait briefly for locks refuses within that time, not the default 2 s")
    func shortWait() throws {
        let store = try #require(try HistoryStore.open(directory.location))
        store.waitForLocks(upTo: 0.1)
        let holder = try LockHolder(directory.databasePath)
        let started = ContinuousClock.now
        #expect(throws: HistoryError.locked(path: directory.databasePath)) {
            try store.save([Self.answer(0)], skippingStored: false)
        }
        #expect(ContinuousClock.now - started < .seconds(1))
        try holder.release()
    }

    @Test("retries back off, then keep a steady pace")
    func backoff() {
        let delays = (0..<8).map { DurableAnswerWriter.retryDelay(afterFailedAttempts: $0) }
        #expect(delays.first == .milliseconds(500))
        #expect(zip(delays, delays.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(delays.last == .seconds(10))
    }

    @Test("at shutdown what is still kept stays in the journal for the next start")
    func finish() throws {
        let store = try openStore()
        let journal = AnswerJournal(location: directory.location)
        let log = EventLog()
        let writer = writer(store, journal: journal, log: log)
        let holder = try LockHolder(directory.databasePath)
        writer.record(Self.answer(0))
        writer.finish()
        #expect(try journal.pending().records == [Self.answer(0)])
        try holder.release()
        writer.finish()
        #expect(try store.counts().compareAnswers == 1)
        #expect(try journal.pending().records.isEmpty)
    }
}

@MainActor
final class EventLog {
    var events: [DurableAnswerWriter.Event] = []
}
