import Logging

/// The Tune & Match loop: the reference note for the note duration, then a tunable note that the
/// first touch of the tuning control starts, that follows the control, and that `commit()` ends.
///
/// idle → playingReference → awaitingTuning → playingTunable → showingFeedback → playingReference …
@MainActor
public final class MatchTrainer {
    public enum State: String, Hashable, Sendable {
        case idle, playingReference, awaitingTuning, playingTunable, showingFeedback
    }

    public static let feedbackDuration: Duration = .milliseconds(400)

    public private(set) var state: State = .idle {
        didSet { if state != oldValue { onChange?() } }
    }
    public private(set) var scope: ExerciseScope = .singleNotes
    public private(set) var currentExercise: MatchExercise?
    public private(set) var lastAnswer: MatchAnswer?
    /// The tuning control's position, −1…+1; 0 until the player moves it.
    public private(set) var controlValue: Double = 0
    /// Why training last stopped by itself, for the status line.
    public private(set) var lastError: String?
    /// Called after every state change.
    public var onChange: (@MainActor () -> Void)?

    private let resources: TrainerResources
    private let observers: [any MatchObserver]
    private let settingsProvider: any TrainingSettingsProvider
    /// Told which note the tuning control moves while the tunable note sounds (see `TuningShortcut`).
    private let shortcut: (any TuningShortcut)?
    private var random: any RandomNumberGenerator
    /// The settings the current exercise started with; a new configuration applies from the next one.
    private var exerciseSettings = TrainingSettings()
    private var referenceHandle: (any PlaybackHandle)?
    private var tunableHandle: (any PlaybackHandle)?

    public init(
        notePlayer: any NotePlayer,
        observers: [any MatchObserver] = [],
        settings: any TrainingSettingsProvider,
        clock: any TrainingClock,
        gate: (any ExerciseGate)? = nil,
        interruptions: any TrainingInterruptionSource,
        shortcut: (any TuningShortcut)? = nil,
        random: any RandomNumberGenerator = SystemRandomNumberGenerator(),
        logger: Logger = Logger(label: "peach.pitch-matching")
    ) {
        self.resources = TrainerResources(notePlayer: notePlayer, clock: clock, gate: gate, logger: logger,
                                          trainingName: "pitch-matching training")
        self.observers = observers
        self.settingsProvider = settings
        self.shortcut = shortcut
        self.random = random
        resources.stopOnInterruptions(from: interruptions, trainer: self,
                                      isRunning: { [weak self] in self?.isRunning ?? false },
                                      stop: { [weak self] in self?.stop() })
    }

    public var isRunning: Bool { state != .idle }

    /// The frequency the tunable note has (or would have) at the current control value.
    public var tunableFrequency: Frequency? {
        currentExercise.map { tunableFrequency(of: $0, at: controlValue) }
    }

    /// Starts a run of exercises. Does nothing while a run is already going.
    public func start(_ scope: ExerciseScope = .singleNotes) {
        guard state == .idle else { return }
        self.scope = scope
        lastError = nil
        startNextExercise()
    }

    /// Moves the tuning control to `value` (clamped to −1…+1). The first touch after the reference
    /// note starts the tunable note at that position; later ones retune it. Ignored at other times.
    public func adjust(_ value: Double) {
        guard !value.isNaN, let exercise = currentExercise else { return }
        let value = min(max(value, -1), 1)
        switch state {
        case .awaitingTuning:
            // The first touch starts the prepared note at this position (if the input thread has
            // not already started it: then this only confirms the pitch).
            controlValue = value
            let run = resources.run
            do {
                try tunableHandle?.adjustFrequency(tunableFrequency(of: exercise, at: value))
            } catch {
                return fail(error)
            }
            guard resources.run == run else { return }
            state = .playingTunable
            followTunableNote(exercise, firstTouch: false)
        case .playingTunable:
            controlValue = value
            do {
                try tunableHandle?.adjustFrequency(tunableFrequency(of: exercise, at: value))
            } catch {
                fail(error)
            }
        case .idle, .playingReference, .showingFeedback:
            break
        }
    }

    /// The player's answer: this is where the note should be. Stops the note, records the signed
    /// error in cents, and moves on after the feedback pause. Only once the tunable note sounds: a
    /// commit before the first touch would record an answer nobody heard.
    public func commit() {
        guard state == .playingTunable, let exercise = currentExercise else { return }
        let run = resources.run
        shortcut?.follow(nil)
        resources.releaseLogged(&tunableHandle)
        guard resources.run == run else { return }
        let userFrequency = tunableFrequency(of: exercise, at: controlValue)
        let targetFrequency = exercise.targetPitch.frequency(referencePitch: exerciseSettings.referencePitch)
        let completed = MatchAnswer(
            exercise: exercise, userCentError: userFrequency.cents(from: targetFrequency),
            timestamp: resources.clock.now)
        lastAnswer = completed
        resources.notify(observers, "a pitch-matching result") { try $0.matchAnswered(completed) }
        guard resources.run == run else { return }
        resources.scheduleNextExercise(after: Self.feedbackDuration) { [weak self] in
            self?.startNextExercise()
        }
        state = .showingFeedback
    }

    /// Back to idle from any state: no note keeps sounding, the exercise in progress is discarded and
    /// nobody is told about it. Safe to call again; `start` works afterwards.
    public func stop() {
        guard state != .idle else { return }
        tearDown()
    }

    private func tearDown() {
        shortcut?.follow(nil)
        resources.silenceEverything()
        referenceHandle = nil
        tunableHandle = nil
        currentExercise = nil
        lastAnswer = nil
        controlValue = 0
        state = .idle
    }

    private func startNextExercise() {
        let run = resources.run
        let settings = settingsProvider.currentSettings
        exerciseSettings = settings
        let interval = settings.randomInterval(for: scope, random: &random)
        let reference = settings.randomReferenceNote(for: interval, random: &random)
        let spread = settings.pitchMatchingInitialOffsetRange.magnitude.rawValue
        let initialOffset = spread > 0 ? Cents(Double.random(in: -spread...spread, using: &random)) : .zero
        // invariant: `randomReferenceNote` keeps the target inside the MIDI range.
        let exercise = MatchExercise(referenceNote: reference, interval: interval,
                                     tuningSystem: settings.tuningSystem, initialCentOffset: initialOffset)!
        currentExercise = exercise
        controlValue = 0
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
            guard let self else { return }
            resources.releaseLogged(&referenceHandle)
            guard resources.run == run else { return }
            state = .awaitingTuning
            prepareTunableNote(exercise)
        }
        state = .playingReference
    }

    /// The tunable note, silent until the first touch starts it; the tuning control's input thread
    /// may start it too (`TuningRoute.awaitsFirstTouch`), without waiting for the main actor.
    private func prepareTunableNote(_ exercise: MatchExercise) {
        let amplitude = exerciseSettings.secondNoteAmplitude(random: &random)
        let velocity = exerciseSettings.velocity
        let centre = tunableFrequency(of: exercise, at: 0)
        let run = resources.run
        do {
            tunableHandle = try resources.play { try $0.prepare(frequency: centre, velocity: velocity, amplitude: amplitude) }
        } catch {
            return fail(error)
        }
        guard resources.run == run else { return }
        followTunableNote(exercise, firstTouch: true)
    }

    /// Tells the shortcut which note the control moves, when the player offers a direct way to it.
    private func followTunableNote(_ exercise: MatchExercise, firstTouch: Bool) {
        guard let note = tunableHandle?.directlyTunable else { return }
        shortcut?.follow(TuningRoute(note: note, centre: tunableFrequency(of: exercise, at: 0),
                                     range: exerciseSettings.pitchMatchingTuningRange, awaitsFirstTouch: firstTouch))
    }

    private func tunableFrequency(of exercise: MatchExercise, at value: Double) -> Frequency {
        exercise.tunablePitch(controlValue: value, tuningRange: exerciseSettings.pitchMatchingTuningRange)
            .frequency(referencePitch: exerciseSettings.referencePitch)
    }

    /// The error boundary: a failing player ends the run; the player sees why on the status line.
    private func fail(_ error: any Error) {
        resources.logPlayerFailure(error)
        tearDown()
        lastError = "\(error)"
        onChange?()
    }
}
