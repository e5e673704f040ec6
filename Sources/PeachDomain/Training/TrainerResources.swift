import Logging

/// What both trainers own while they run — the exercise timer and the sounding notes — and the
/// one way to let go of all of it. Keeps `stop()` identical for both state machines.
@MainActor
final class TrainerResources {
    let notePlayer: any NotePlayer
    let clock: any TrainingClock
    let logger: Logger
    /// "comparison training", "pitch-matching training": for log lines.
    let trainingName: String

    private var timer: (any ScheduledTimer)?
    /// Identifies the one timer that may still act; a cancelled or replaced timer that fires anyway
    /// (a clock cannot always take back a wake-up already queued) finds it changed and does nothing.
    private var timerToken = 0
    private var handles: [ObjectIdentifier: any PlaybackHandle] = [:]
    /// Counts runs: `silenceEverything()` ends one. A trainer captures it before calling out (to the
    /// player, observers, `onChange`) and goes on only if it is unchanged, so a `stop()` from inside
    /// such a call is never undone by the code that made it.
    private(set) var run = 0
    /// What the next exercise waits for after the feedback pause (a spoken prompt); nil: nothing.
    let gate: (any ExerciseGate)?

    init(notePlayer: any NotePlayer, clock: any TrainingClock, gate: (any ExerciseGate)? = nil, logger: Logger,
         trainingName: String) {
        self.notePlayer = notePlayer
        self.clock = clock
        self.gate = gate
        self.logger = logger
        self.trainingName = trainingName
    }

    /// Calls `stop` for every interruption that stops training, while `trainer` lives.
    func stopOnInterruptions(from source: any TrainingInterruptionSource, trainer: AnyObject,
                             isRunning: @escaping @MainActor () -> Bool, stop: @escaping @MainActor () -> Void) {
        source.observe(owner: trainer) { [logger, trainingName] interruption in
            guard interruption.stopsTraining, isRunning() else { return }
            logger.info("stopping \(trainingName): \(interruption)")
            stop()
        }
    }

    /// Releases `handle` and clears it. If the note will not stop, the whole player is silenced
    /// rather than leave it sounding; failures are logged, never thrown.
    func releaseLogged(_ handle: inout (any PlaybackHandle)?) {
        defer { handle = nil }
        do {
            try release(handle)
        } catch {
            logger.warning("stopping a note failed, silencing the player: \(error)")
            do { try notePlayer.stopAll() } catch { logger.error("silencing the player failed: \(error)") }
        }
    }

    func logPlayerFailure(_ error: any Error) {
        logger.error("\(trainingName) stopped: the note player failed: \(error)")
    }

    /// Replaces the pending exercise timer: a trainer has at most one next step.
    func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) {
        cancelTimer()
        let token = timerToken
        timer = clock.schedule(after: delay) { [weak self] in
            guard let self, timerToken == token else { return }
            timer = nil
            action()
        }
    }

    /// The next exercise after the feedback pause, once the gate lets it through; a `stop()` meanwhile
    /// (a new run) drops it.
    func scheduleNextExercise(after delay: Duration, _ next: @escaping @MainActor () -> Void) {
        let run = self.run
        schedule(after: delay) { [weak self] in
            guard let self else { return }
            guard let gate else { return next() }
            gate.whenOpen { [weak self] in
                guard let self, self.run == run else { return }
                next()
            }
        }
    }

    func cancelTimer() {
        timerToken &+= 1
        timer?.cancel()
        timer = nil
    }

    /// Starts a note and keeps its handle until `release`.
    func play(_ start: (any NotePlayer) throws -> any PlaybackHandle) throws -> any PlaybackHandle {
        let handle = try start(notePlayer)
        handles[ObjectIdentifier(handle)] = handle
        return handle
    }

    /// Stops one note the trainer started; forgetting it even if stopping fails.
    func release(_ handle: (any PlaybackHandle)?) throws {
        guard let handle else { return }
        handles[ObjectIdentifier(handle)] = nil
        try handle.stop()
    }

    /// Cancels the timer and silences every note, swallowing (but logging) audio errors: this is
    /// the interruption path, and it must always complete.
    func silenceEverything() {
        run &+= 1
        cancelTimer()
        let owned = handles.values
        handles.removeAll()
        for handle in owned {
            do { try handle.stop() } catch { logger.warning("stopping a note failed: \(error)") }
        }
        do { try notePlayer.stopAll() } catch { logger.warning("silencing the player failed: \(error)") }
    }

    /// Tells every observer; an observer's failure is logged and the others still hear of it.
    func notify<Observer>(_ observers: [Observer], _ event: String, _ call: (Observer) throws -> Void) {
        for observer in observers {
            do {
                try call(observer)
            } catch {
                logger.error("\(type(of: observer)) failed to handle \(event): \(error)")
            }
        }
    }
}
