import Logging

/// What both rhythm trainers own while they run: the clicks, the clock and the one pending step,
/// the observers and the count of runs. A timer from a stopped run, or one replaced by a newer,
/// does nothing even if its wake-up was already queued.
@MainActor
final class RhythmResources {
    let clicks: any ClickPlayer
    let clock: any TrainingClock
    let logger: Logger
    private let settings: any TrainingSettingsProvider
    private let observers: [any RhythmObserver]
    /// "timing training", "fill-the-gap training": for log lines.
    private let trainingName: String
    private var timer: (any ScheduledTimer)?
    private var token = 0
    private(set) var run = 0

    init(clicks: any ClickPlayer, clock: any TrainingClock, settings: any TrainingSettingsProvider,
         observers: [any RhythmObserver], logger: Logger, trainingName: String) {
        self.clicks = clicks
        self.clock = clock
        self.settings = settings
        self.observers = observers
        self.logger = logger
        self.trainingName = trainingName
    }

    /// The rhythm settings of now (read afresh for each pattern or trial).
    var rhythm: RhythmSettings { settings.currentSettings.rhythm }

    /// Calls `stop` for every interruption that stops training, while `trainer` lives.
    func stopOnInterruptions(from source: (any TrainingInterruptionSource)?, trainer: AnyObject,
                             isRunning: @escaping @MainActor () -> Bool, stop: @escaping @MainActor () -> Void) {
        source?.observe(owner: trainer) { [logger, trainingName] interruption in
            guard interruption.stopsTraining, isRunning() else { return }
            logger.info("stopping \(trainingName): \(interruption)")
            stop()
        }
    }

    /// Tells every observer; one's failure is logged and the others still hear of it.
    func tell(_ answer: RhythmAnswer) {
        for observer in observers {
            do { try observer.rhythmAnswered(answer) } catch {
                logger.error("\(type(of: observer)) failed to handle an answer of \(trainingName): \(error)")
            }
        }
    }

    /// The clicks failed: the run ends, with the reason for the status line.
    func clicksFailed(_ error: any Error) -> String {
        logger.error("\(trainingName) stopped: the clicks failed: \(error)")
        return "\(error)"
    }

    /// Ends the run: no pending step, no click still to come.
    func stopRun() {
        run &+= 1
        cancel()
        do { try clicks.cancelClicks() } catch { logger.warning("taking back the clicks failed: \(error)") }
    }

    /// Replaces the pending step: a trainer has at most one.
    func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) {
        cancel()
        let expected = token
        timer = clock.schedule(after: delay) { [weak self] in
            guard let self, token == expected else { return }
            timer = nil
            action()
        }
    }

    func cancel() {
        token &+= 1
        timer?.cancel()
        timer = nil
    }
}
