import Logging
import PeachStorage
import PeachText
import ServiceLifecycle

/// The history, closed last: once nothing can answer any more, the result log is written out, the
/// journal's answers are handed to SQLite, and the database is closed.
@MainActor
final class HistoryService: Service {
    private let history: HistoryStore
    private let answers: DurableAnswerWriter
    private let results: ResultLog
    private let texts: LiveTexts
    private let logger = Logger(label: "peach.run")

    init(history: HistoryStore, answers: DurableAnswerWriter, results: ResultLog, texts: LiveTexts) {
        self.history = history
        self.answers = answers
        self.results = results
        self.texts = texts
    }

    func run() async {
        await untilShutdown()
        results.flush()
        answers.finish()
        do {
            try history.close()
            logger.info("\(texts.current.text(.runStopped))")
        } catch {
            logger.error("\(texts.current.text(.runClosingFailed, texts.current.describe(error)))")
        }
    }
}
