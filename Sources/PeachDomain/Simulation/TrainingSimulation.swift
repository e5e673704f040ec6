import Foundation

/// Runs the real training sessions (the same strategy, state machines, observers and profile as
/// `peach run`) against a `SimulatedListener`, on a virtual clock and with silent notes, so that
/// what Peach reports can be checked against a known truth.
@MainActor
public final class TrainingSimulation {
    /// How long the simulated player takes to answer once note 2 has ended, and to tune.
    static let answerTime: Duration = .milliseconds(600)
    static let tuningTime: Duration = .seconds(3)

    private let listener: SimulatedListener
    private let clock: ManualTrainingClock
    private let comparison: CompareTrainer
    private let matching: MatchTrainer
    private let settings: any TrainingSettingsProvider
    private var random: SeededRandomGenerator
    /// Answers the listener has given, for its learning curve.
    public private(set) var trialsDone = 0

    /// - Parameters:
    ///   - start: when the first run begins (the virtual clock's start).
    ///   - seed: one seed for everything random (notes, offsets, the listener's answers).
    public init(listener: SimulatedListener, profile: PerceptualProfile,
                compareObservers: [any CompareObserver], matchObservers: [any MatchObserver],
                settings: any TrainingSettingsProvider, start: Date, seed: UInt64) {
        self.listener = listener
        self.settings = settings
        clock = ManualTrainingClock(startDate: start)
        let player = SilentNotePlayer()
        let interruptions = TrainingInterruptionCenter()
        comparison = CompareTrainer(notePlayer: player, profile: profile, observers: compareObservers,
                                    settings: settings, clock: clock, interruptions: interruptions,
                                    random: SeededRandomGenerator(seed: seed))
        matching = MatchTrainer(notePlayer: player, observers: matchObservers, settings: settings,
                                clock: clock, interruptions: interruptions,
                                random: SeededRandomGenerator(seed: seed &+ 1))
        random = SeededRandomGenerator(seed: seed &+ 2)
    }

    public var now: Date { clock.now }

    /// One run of `trials` answers in `mode`, starting at `date` (or at once if that has passed).
    public func run(_ mode: TrainingMode, trials: Int, at date: Date) {
        let wait = date.timeIntervalSince(clock.now)
        if wait > 0 { clock.advance(seconds: wait) }
        switch mode.skill {
        case .compare: runComparisons(mode, trials: trials)
        case .match: runMatchings(mode, trials: trials)
        case .compareTiming, .fillTheGap: break   // `RhythmSimulation`
        }
    }

    private func runComparisons(_ mode: TrainingMode, trials: Int) {
        var answered = 0
        comparison.start(mode.scope)
        while answered < trials, comparison.isRunning {
            if comparison.state == .awaitingAnswer, let current = comparison.currentExercise {
                clock.advance(by: Self.answerTime)
                let p = listener.probabilityCorrect(offset: current.centOffset.magnitude.rawValue,
                                                    note: current.referenceNote, mode: mode, after: trialsDone)
                let correct = Double.random(in: 0..<1, using: &random) < p
                comparison.answer(higher: correct == current.isTargetHigher)
                answered += 1
                trialsDone += 1
            } else if !clock.advanceToNextTimer() {
                break
            }
        }
        comparison.stop()
    }

    private func runMatchings(_ mode: TrainingMode, trials: Int) {
        var answered = 0
        matching.start(mode.scope)
        while answered < trials, matching.isRunning {
            if matching.state == .awaitingTuning, let exercise = matching.currentExercise {
                let error = listener.matching.bias + listener.matching.spread * Self.normal(&random)
                let range = settings.currentSettings.pitchMatchingTuningRange.rawValue
                let control = range > 0 ? (error - exercise.initialCentOffset.rawValue) / range : 0
                matching.adjust(control)
                clock.advance(by: Self.tuningTime)
                matching.commit()
                answered += 1
                trialsDone += 1
            } else if !clock.advanceToNextTimer() {
                break
            }
        }
        matching.stop()
    }

    /// A standard normal draw (Box–Muller).
    static func normal(_ random: inout SeededRandomGenerator) -> Double {
        let u = Double.random(in: Double.ulpOfOne..<1, using: &random)
        let v = Double.random(in: 0..<1, using: &random)
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }
}

/// A note player that plays nothing: simulation and benchmarks.
@MainActor
public final class SilentNotePlayer: NotePlayer, PlaybackHandle {
    public init() {}
    public func play(frequency: Frequency, velocity: MIDIVelocity, amplitude: AmplitudeDB) -> any PlaybackHandle { self }
    public func play(frequency: Frequency, duration: NoteDuration, velocity: MIDIVelocity, amplitude: AmplitudeDB)
        -> any PlaybackHandle { self }
    public func stopAll() {}
    public func adjustFrequency(_ frequency: Frequency) {}
    public func stop() {}
}
