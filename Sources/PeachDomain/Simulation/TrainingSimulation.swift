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
    private let profile: PerceptualProfile
    private let compareObservers: [any CompareObserver]
    private let seed: UInt64
    private var random: SeededRandomGenerator
    /// Hearing checks run so far (each gets a generator of its own).
    private var checks: UInt64 = 0
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
        self.profile = profile
        self.compareObservers = compareObservers
        self.seed = seed
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

    /// A hearing check of single notes (`HearingCheck`), starting at `date` (or at once if that has
    /// passed), through a trainer of its own with the same profile, observers and clock: its answers
    /// are Hear & Compare answers like training's.
    public func runCheck(at date: Date) -> HearingCheckResult {
        let wait = date.timeIntervalSince(clock.now)
        if wait > 0 { clock.advance(seconds: wait) }
        let check = HearingCheck()
        checks += 1
        let trainer = CompareTrainer(notePlayer: SilentNotePlayer(), strategy: check, profile: profile,
                                     observers: compareObservers, settings: settings, clock: clock,
                                     interruptions: TrainingInterruptionCenter(),
                                     random: SeededRandomGenerator(seed: seed &+ 3 &+ 7919 &* checks))
        answer(trainer, .compare, trials: HearingCheck.mostAnswers)
        // The last answer's feedback pause, after which the trainer ends the check by itself.
        while trainer.isRunning, clock.advanceToNextTimer() {}
        trainer.stop()
        return check.result
    }

    private func runComparisons(_ mode: TrainingMode, trials: Int) {
        answer(comparison, mode, trials: trials)
        comparison.stop()
    }

    /// Answers `trainer`'s exercises as the listener would, until `trials` answers or the run ends
    /// (the caller stops it).
    private func answer(_ trainer: CompareTrainer, _ mode: TrainingMode, trials: Int) {
        var answered = 0
        trainer.start(mode.scope)
        while answered < trials, trainer.isRunning {
            if trainer.state == .awaitingAnswer, let current = trainer.currentExercise {
                clock.advance(by: Self.answerTime)
                let p = listener.probabilityCorrect(offset: current.centOffset.magnitude.rawValue,
                                                    note: current.referenceNote, mode: mode, after: trialsDone)
                let correct = Double.random(in: 0..<1, using: &random) < p
                trainer.answer(higher: correct == current.isTargetHigher)
                answered += 1
                trialsDone += 1
            } else if !clock.advanceToNextTimer() {
                break
            }
        }
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
