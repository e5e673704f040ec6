import Logging

/// The Hear & Compare loop: reference note, target note back to back, the player's answer,
/// a short feedback pause, the next exercise.
///
/// idle → playingNote1 → playingNote2 → awaitingAnswer → showingFeedback → playingNote1 …
/// An answer is accepted from the start of note 2 and cuts note 2 off. `stop()` returns to idle from
/// anywhere, silences everything and forgets the unanswered exercise.
@MainActor
public final class CompareTrainer {
    public enum State: String, Hashable, Sendable {
        case idle, playingNote1, playingNote2, awaitingAnswer, showingFeedback
    }

    public static let feedbackDuration: Duration = .milliseconds(400)

    public private(set) var state: State = .idle {
        didSet { if state != oldValue { onChange?() } }
    }
    public private(set) var scope: ExerciseScope = .singleNotes
    /// The exercise being played or awaiting its answer.
    public private(set) var currentExercise: CompareExercise?
    /// The last answer of this run (cleared by `stop()`).
    public private(set) var lastAnswer: CompareAnswer?
    /// Why training last stopped by itself, for the status line.
    public private(set) var lastError: String?
    /// Called after every state change (the terminal status line, LEDs).
    public var onChange: (@MainActor () -> Void)?
    /// Called when a run ends by itself because its strategy finished (a hearing check), after the
    /// last answer's feedback pause, the trainer idle again.
    public var onFinished: (@MainActor () -> Void)?

    private let resources: TrainerResources
    private let strategy: any NextCompareStrategy
    private let profile: any CompareProfile
    private let observers: [any CompareObserver]
    private let settingsProvider: any TrainingSettingsProvider
    private var random: any RandomNumberGenerator
    private var targetHandle: (any PlaybackHandle)?
    private var referenceHandle: (any PlaybackHandle)?

    public init(
        notePlayer: any NotePlayer,
        strategy: any NextCompareStrategy = StaircaseStrategy(),
        profile: any CompareProfile,
        observers: [any CompareObserver] = [],
        settings: any TrainingSettingsProvider,
        clock: any TrainingClock,
        gate: (any ExerciseGate)? = nil,
        interruptions: any TrainingInterruptionSource,
        random: any RandomNumberGenerator = SystemRandomNumberGenerator(),
        logger: Logger = Logger(label: "peach.comparison")
    ) {
        self.resources = TrainerResources(notePlayer: notePlayer, clock: clock, gate: gate, logger: logger,
                                          trainingName: "comparison training")
        self.strategy = strategy
        self.profile = profile
        self.observers = observers
        self.settingsProvider = settings
        self.random = random
        resources.stopOnInterruptions(from: interruptions, trainer: self,
                                      isRunning: { [weak self] in self?.isRunning ?? false },
                                      stop: { [weak self] in self?.stop() })
    }

    public var isRunning: Bool { state != .idle }

    /// Starts a run of exercises. Does nothing while a run is already going.
    public func start(_ scope: ExerciseScope = .singleNotes) {
        guard state == .idle else { return }
        self.scope = scope
        lastError = nil
        let settings = settingsProvider.currentSettings
        let mode = TrainingMode(skill: .compare, scope: scope)
        strategy.startRun(mode: mode, settings: settings,
                          estimate: profile.thresholdEstimate(for: mode, range: settings.noteRange))
        startNextExercise()
    }

    /// The player's answer: was the second note higher (than the correct interval)?
    public func answer(higher: Bool) {
        guard state == .playingNote2 || state == .awaitingAnswer, let exercise = currentExercise else { return }
        let run = resources.run
        resources.cancelTimer()
        resources.releaseLogged(&targetHandle)
        guard resources.run == run else { return }
        let completed = CompareAnswer(exercise: exercise, answeredHigher: higher,
                                      timestamp: resources.clock.now)
        lastAnswer = completed
        strategy.answered(completed)
        resources.notify(observers, "a comparison") { try $0.compareAnswered(completed) }
        guard resources.run == run else { return }
        if strategy.isFinished {
            resources.schedule(after: Self.feedbackDuration) { [weak self] in self?.finish() }
        } else {
            resources.scheduleNextExercise(after: Self.feedbackDuration) { [weak self] in
                self?.startNextExercise()
            }
        }
        state = .showingFeedback
    }

    /// Back to idle from any state: no note keeps sounding, the unanswered exercise is discarded and
    /// nobody is told about it. Safe to call again; `start` works afterwards.
    public func stop() {
        guard state != .idle else { return }
        tearDown()
    }

    /// The strategy has finished: back to idle, and say so.
    private func finish() {
        tearDown()
        onFinished?()
    }

    private func tearDown() {
        resources.silenceEverything()
        referenceHandle = nil
        targetHandle = nil
        currentExercise = nil
        lastAnswer = nil
        state = .idle
    }

    private func startNextExercise() {
        let run = resources.run
        let settings = settingsProvider.currentSettings
        let interval = settings.randomInterval(for: scope, random: &random)
        let exercise = strategy.nextExercise(settings: settings, interval: interval, random: &random)
        currentExercise = exercise
        let frequency = exercise.referencePitch.frequency(referencePitch: settings.referencePitch)
        do {
            referenceHandle = try resources.play {
                try $0.play(frequency: frequency, duration: settings.noteDuration, velocity: settings.velocity,
                            amplitude: .nominal)
            }
        } catch {
            return fail(error)
        }
        guard resources.run == run else { return }
        resources.schedule(after: settings.noteDuration.duration) { [weak self] in
            self?.endReferenceNote(of: exercise, settings: settings)
        }
        state = .playingNote1
    }

    /// The first note ends; the second follows after the note gap (at once without one).
    private func endReferenceNote(of exercise: CompareExercise, settings: TrainingSettings) {
        guard settings.noteGap > .none else { return playTargetNote(of: exercise, settings: settings) }
        let run = resources.run
        resources.releaseLogged(&referenceHandle)
        guard resources.run == run else { return }
        resources.schedule(after: settings.noteGap.duration) { [weak self] in
            self?.playTargetNote(of: exercise, settings: settings)
        }
    }

    private func playTargetNote(of exercise: CompareExercise, settings: TrainingSettings) {
        let run = resources.run
        resources.releaseLogged(&referenceHandle)
        guard resources.run == run else { return }
        let frequency = exercise.targetPitch.frequency(referencePitch: settings.referencePitch)
        let amplitude = settings.secondNoteAmplitude(random: &random)
        do {
            targetHandle = try resources.play {
                try $0.play(frequency: frequency, duration: settings.noteDuration, velocity: settings.velocity,
                            amplitude: amplitude)
            }
        } catch {
            return fail(error)
        }
        guard resources.run == run else { return }
        resources.schedule(after: settings.noteDuration.duration) { [weak self] in
            guard let self else { return }
            resources.releaseLogged(&targetHandle)
            guard resources.run == run else { return }
            state = .awaitingAnswer
        }
        state = .playingNote2
    }

    /// The error boundary: a failing player ends the run; the player sees why on the status line.
    private func fail(_ error: any Error) {
        resources.logPlayerFailure(error)
        tearDown()
        lastError = "\(error)"
        onChange?()
    }
}
