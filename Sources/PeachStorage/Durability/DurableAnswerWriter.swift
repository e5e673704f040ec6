import Foundation
import Logging
import PeachDomain
import PeachText

/// Writes every answer training reports to the history, and keeps it when the history refuses.
///
/// Normally an answer is written before the observer returns, as the store always did. When the
/// database refuses (locked by another program, disk full, I/O error, read-only), the answer is
/// appended to the journal beside the history and kept in memory, training goes on, and the
/// database is retried with backoff (from `retryDelays`, the last repeating); once it accepts, every
/// kept answer is written exactly once and the journal is removed. At start-up `replayJournal()`
/// writes what a previous run left in the journal. An answer is lost only when neither the
/// database nor the journal can be written, and then `onEvent` has said so.
@MainActor
public final class DurableAnswerWriter: CompareObserver, MatchObserver, RhythmObserver {
    /// What the player must be told; each is reported once per episode.
    public enum Event: Hashable, Sendable {
        /// The history refused an answer; it and the following ones are kept (in the journal when
        /// `journaled`, else only in memory until the history takes them or Peach stops).
        case refused(reason: String, journaled: Bool)
        /// During an episode, the journal could not be written either.
        case journalFailed(reason: String)
        /// The history took every kept answer again.
        case recovered(written: Int)
    }

    public static let retryDelays: [Duration] = [.milliseconds(500), .seconds(1), .seconds(2), .seconds(5), .seconds(10)]

    private let store: any AnswerStore
    private let journal: AnswerJournal?
    private let clock: any TrainingClock
    private let logger: Logger
    /// The language of its log lines and of the reasons it reports (peach run's, switched by a reload).
    private let texts: LiveTexts
    /// Kept answers not yet in the history, oldest first.
    public private(set) var waiting: [Answer] = []
    /// Whether every kept answer is also in the journal.
    public private(set) var isJournaled = true
    public var onEvent: (@MainActor (Event) -> Void)?
    private var keptThisEpisode = 0
    private var failedAttempts = 0
    private var isFlushing = false
    private var retryTimer: (any ScheduledTimer)?

    public init(store: any AnswerStore, journal: AnswerJournal?, clock: any TrainingClock,
                logger: Logger = Logger(label: "peach.history"), texts: LiveTexts = .english) {
        self.texts = texts
        self.store = store
        self.journal = journal
        self.clock = clock
        self.logger = logger
    }

    /// Whether answers are waiting for the history.
    public var isHolding: Bool { !waiting.isEmpty }

    public func compareAnswered(_ completed: CompareAnswer) {
        record(.compare(completed))
    }

    public func matchAnswered(_ completed: MatchAnswer) {
        record(.match(completed))
    }

    /// A rhythm answer goes the same way; a Fill the Gap trial with its taps.
    public func rhythmAnswered(_ answer: RhythmAnswer) {
        record(Answer(answer))
    }

    public func record(_ answer: Answer) {
        if waiting.isEmpty {
            do {
                try store.save([answer], skippingStored: false)
                return
            } catch {
                keep(answer)
                beginEpisode(said(error))
                return
            }
        }
        keep(answer)
    }

    /// Writes what an earlier run left in the journal (before training starts), exactly once.
    public func replayJournal() {
        guard let journal else { return }
        let pending: (records: [Answer], unreadableLines: Int)
        do {
            pending = try journal.pending()
        } catch {
            logger.error("\(texts.current.text(.historyJournalUnreadable, said(error)))")
            return
        }
        if pending.unreadableLines > 0 {
            logger.warning("\(texts.current.text(.historyJournalLinesSkipped, pending.unreadableLines, journal.url.path))")
        }
        guard !pending.records.isEmpty else {
            try? journal.clear()
            return
        }
        do {
            let written = try store.save(pending.records, skippingStored: true)
            logger.notice("\(texts.current.text(.historyJournalReplayed, pending.records.count, journal.url.path, written))")
            clearJournal()
        } catch {
            waiting = pending.records
            beginEpisode(said(error))
        }
    }

    /// Tries the history once more now; what it refuses stays kept and is retried later.
    public func retry() async {
        retryTimer?.cancel()
        retryTimer = nil
        guard !waiting.isEmpty, !isFlushing else { return }
        isFlushing = true
        let batch = waiting
        let store = self.store
        let result = await Task.detached { () -> Result<Int, HistoryError> in
            Result { () throws(HistoryError) -> Int in try store.save(batch, skippingStored: true) }
        }.value
        isFlushing = false
        switch result {
        case .success:
            waiting.removeFirst(batch.count)
            if waiting.isEmpty {
                recover()
            } else {
                await retry()
            }
        case .failure(let error):
            failedAttempts += 1
            logger.debug("\(texts.current.text(.historyStillRefuses, said(error), waiting.count))")
            scheduleRetry()
        }
    }

    /// At shutdown: one last try, and what is left is said.
    public func finish() {
        retryTimer?.cancel()
        retryTimer = nil
        guard !waiting.isEmpty else { return }
        do {
            try store.save(waiting, skippingStored: true)
            waiting = []
            recover()
        } catch {
            if isJournaled, let journal {
                logger.warning("\(texts.current.text(.historyAnswersWait, waiting.count, journal.url.path))")
            } else {
                logger.error("\(texts.current.text(.historyAnswersLost, waiting.count, said(error)))")
            }
        }
    }

    /// The delay before retry number `attempt` (0 is the first).
    public static func retryDelay(afterFailedAttempts attempts: Int) -> Duration {
        retryDelays[min(attempts, retryDelays.count - 1)]
    }

    // MARK: Episodes

    private func keep(_ answer: Answer) {
        waiting.append(answer)
        keptThisEpisode += 1
        guard let journal, isJournaled else { return }
        do {
            try journal.append(answer)
        } catch {
            isJournaled = false
            if waiting.count > 1 {
                logger.error("\(texts.current.text(.historyMemoryOnly, said(error)))")
                onEvent?(.journalFailed(reason: said(error)))
            }
        }
    }

    private func beginEpisode(_ reason: String) {
        if journal == nil { isJournaled = false }
        let texts = self.texts.current
        let whereKept = isJournaled ? texts.text(.historyKeptIn, journal?.url.path ?? "") : texts.text(.historyKeptInMemory)
        let reason = reason.hasSuffix(".") ? String(reason.dropLast()) : reason
        logger.error("\(texts.text(.historyRefused, reason, whereKept))")
        onEvent?(.refused(reason: reason, journaled: isJournaled))
        scheduleRetry()
    }

    private func recover() {
        clearJournal()
        logger.notice("\(texts.current.text(.historyAcceptsAgain, keptThisEpisode))")
        onEvent?(.recovered(written: keptThisEpisode))
        keptThisEpisode = 0
        failedAttempts = 0
        isJournaled = true
    }

    private func clearJournal() {
        do {
            try journal?.clear()
        } catch {
            // Harmless: a replay skips answers the history already holds.
            logger.warning("\(texts.current.text(.historyJournalNotCleared, said(error)))")
        }
    }

    /// An error of the history or the journal in the writer's language.
    private func said(_ error: any Error) -> String {
        switch error {
        case let error as HistoryError: error.text(texts.current)
        case let error as JournalError: error.text(texts.current)
        default: "\(error)"
        }
    }

    private func scheduleRetry() {
        retryTimer?.cancel()
        retryTimer = clock.schedule(after: Self.retryDelay(afterFailedAttempts: failedAttempts)) { [weak self] in
            Task { await self?.retry() }
        }
    }
}
