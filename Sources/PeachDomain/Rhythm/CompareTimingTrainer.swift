import Foundation
import Logging

/// The Compare Timing loop: four sixteenths, the third early or late, the player's answer (early or
/// late), the feedback pause, the next pattern on the beat grid.
///
/// idle → playingPattern → awaitingAnswer → showingFeedback → playingPattern …
/// An answer is taken from the moment the moved click is heard. Clicks are placed by the
/// `ClickPlayer` on the audio clock; the main actor's timers only move the state along.
@MainActor
public final class CompareTimingTrainer {
    public enum State: String, Hashable, Sendable {
        case idle, playingPattern, awaitingAnswer, showingFeedback
    }

    public static let feedbackDuration: Duration = .milliseconds(400)
    /// Time between deciding on a pattern and its first click, beyond the output's buffer: room for
    /// the main actor to be late without a click arriving late.
    static let lead = 0.15

    public private(set) var state: State = .idle {
        didSet { if state != oldValue { onChange?() } }
    }
    public private(set) var currentExercise: TimingExercise?
    public private(set) var lastAnswer: TimingAnswer?
    public private(set) var lastError: String?
    public var onChange: (@MainActor () -> Void)?

    private let resources: RhythmResources
    private let measured: @MainActor (TempoBand) -> [TimingDirection: Double]
    /// What the next pattern waits for after the feedback pause (a spoken prompt).
    private let gate: (any ExerciseGate)?
    private var random: any RandomNumberGenerator
    private var staircase = TimingStaircase()
    /// Where the beat grid starts: the first click of the run, on the audio clock.
    private var gridOrigin = 0.0
    private var patternStart = 0.0

    /// - Parameter measured: the measured threshold per direction in a tempo band, as shares of a
    ///   sixteenth, where the profile knows it: each run starts there.
    public init(clicks: any ClickPlayer, clock: any TrainingClock, settings: any TrainingSettingsProvider,
                observers: [any RhythmObserver] = [], interruptions: (any TrainingInterruptionSource)? = nil,
                gate: (any ExerciseGate)? = nil,
                measured: @escaping @MainActor (TempoBand) -> [TimingDirection: Double] = { _ in [:] },
                random: any RandomNumberGenerator = SystemRandomNumberGenerator(),
                logger: Logger = Logger(label: "peach.timing")) {
        resources = RhythmResources(clicks: clicks, clock: clock, settings: settings, observers: observers, logger: logger,
                                    trainingName: "timing training")
        self.measured = measured
        self.random = random
        self.gate = gate
        resources.stopOnInterruptions(from: interruptions, trainer: self, isRunning: { [weak self] in self?.isRunning ?? false },
                                      stop: { [weak self] in self?.stop() })
    }

    private var clicks: any ClickPlayer { resources.clicks }

    public var isRunning: Bool { state != .idle }

    public func start() {
        guard state == .idle else { return }
        lastError = nil
        let tempo = resources.rhythm.tempo
        staircase = TimingStaircase(start: measured(TempoBand(containing: tempo)))
        gridOrigin = clicks.earliestSchedulable + Self.lead
        playPattern(at: gridOrigin)
    }

    /// The player's answer: was the moved click early?
    public func answer(early: Bool) {
        guard state == .awaitingAnswer || state == .playingPattern, let exercise = currentExercise,
              clicks.heardNow >= movedClickTime(exercise) else { return }
        resources.cancel()
        let correct = early == (exercise.direction == .early)
        staircase.answered(exercise, correctly: correct)
        let completed = TimingAnswer(tempo: exercise.tempo, offsetMs: exercise.offsetMs, isCorrect: correct,
                                     timestamp: resources.clock.now)
        lastAnswer = completed
        let run = resources.run
        resources.tell(.timing(completed))
        guard resources.run == run else { return }
        state = .showingFeedback
        resources.schedule(after: Self.feedbackDuration) { [weak self] in
            guard let self else { return }
            guard let gate else { return playNextPattern() }
            gate.whenOpen { [weak self] in
                guard let self, resources.run == run else { return }
                playNextPattern()
            }
        }
    }

    public func stop() {
        guard state != .idle else { return }
        resources.stopRun()
        currentExercise = nil
        lastAnswer = nil
        state = .idle
    }

    /// The next pattern at the first beat of the grid that can still be placed; a changed tempo
    /// starts a grid of its own.
    private func playNextPattern() {
        let tempo = resources.rhythm.tempo
        let earliest = clicks.earliestSchedulable + Self.lead
        if tempo != currentExercise?.tempo {
            gridOrigin = earliest
            staircase = TimingStaircase(start: measured(TempoBand(containing: tempo)))
            return playPattern(at: earliest)
        }
        let beat = 4 * tempo.sixteenth
        let beats = max(0, ((earliest - gridOrigin) / beat).rounded(.up))
        playPattern(at: gridOrigin + beats * beat)
    }

    private func playPattern(at time: Double) {
        let tempo = resources.rhythm.tempo
        let exercise = staircase.nextExercise(tempo: tempo, random: &random)
        do {
            try clicks.schedule(exercise.clicks(startingAt: time))
        } catch {
            let reason = resources.clicksFailed(error)
            stop()
            lastError = reason
            return
        }
        currentExercise = exercise
        patternStart = time
        state = .playingPattern
        resources.schedule(after: .seconds(max(0, movedClickTime(exercise) - clicks.heardNow))) { [weak self] in
            self?.state = .awaitingAnswer
        }
    }

    private func movedClickTime(_ exercise: TimingExercise) -> Double {
        exercise.clicks(startingAt: patternStart)[TimingExercise.movedClick].time
    }
}
