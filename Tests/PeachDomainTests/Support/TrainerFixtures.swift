import PeachDomain
import PeachTestSupport

/// A Hear & Compare trainer wired to test doubles, with the doubles at hand.
@MainActor
struct CompareTrainerFixture {
    let trainer: CompareTrainer
    let clock: ManualTrainingClock
    let player: MockNotePlayer
    let observer: RecordingCompareObserver
    let profile: StubCompareProfile
    let settings: FixedSettingsProvider
    let interruptions: TrainingInterruptionCenter
    let log: LogCapture

    init(settings: TrainingSettings = TrainingSettings(staircase: .kazez), estimate: ThresholdEstimate? = nil,
         seed: UInt64 = 1, strategy: any NextCompareStrategy = StaircaseStrategy()) {
        clock = ManualTrainingClock()
        player = MockNotePlayer(clock: clock)
        observer = RecordingCompareObserver()
        profile = StubCompareProfile(estimate: estimate)
        self.settings = FixedSettingsProvider(settings)
        interruptions = TrainingInterruptionCenter()
        log = LogCapture()
        trainer = CompareTrainer(
            notePlayer: player, strategy: strategy, profile: profile, observers: [observer],
            settings: self.settings, clock: clock, interruptions: interruptions,
            random: SeededRandomGenerator(seed: seed), logger: log.logger)
    }

    var noteSeconds: Double { settings.currentSettings.noteDuration.seconds }

    /// Starts and advances to the given state of the first exercise.
    func start(at state: CompareTrainer.State, scope: ExerciseScope = .singleNotes) {
        trainer.start(scope)
        switch state {
        case .idle, .playingNote1: break
        case .playingNote2: clock.advance(seconds: noteSeconds)
        case .awaitingAnswer: clock.advance(seconds: 2 * noteSeconds)
        case .showingFeedback:
            clock.advance(seconds: noteSeconds)
            trainer.answer(higher: true)
        }
    }

    /// Answers correctly.
    func answerCorrectly() {
        trainer.answer(higher: trainer.currentExercise!.isTargetHigher)
    }
}

/// A Tune & Match trainer wired to test doubles.
@MainActor
struct MatchTrainerFixture {
    let trainer: MatchTrainer
    let clock: ManualTrainingClock
    let player: MockNotePlayer
    let observer: RecordingMatchObserver
    let settings: FixedSettingsProvider
    let interruptions: TrainingInterruptionCenter
    let log: LogCapture

    init(settings: TrainingSettings = TrainingSettings(), seed: UInt64 = 1, shortcut: (any TuningShortcut)? = nil) {
        clock = ManualTrainingClock()
        player = MockNotePlayer(clock: clock)
        player.offersDirectTuning = shortcut != nil
        observer = RecordingMatchObserver()
        self.settings = FixedSettingsProvider(settings)
        interruptions = TrainingInterruptionCenter()
        log = LogCapture()
        trainer = MatchTrainer(
            notePlayer: player, observers: [observer], settings: self.settings, clock: clock,
            interruptions: interruptions, shortcut: shortcut, random: SeededRandomGenerator(seed: seed), logger: log.logger)
    }

    var noteSeconds: Double { settings.currentSettings.noteDuration.seconds }

    func start(at state: MatchTrainer.State, scope: ExerciseScope = .singleNotes) {
        trainer.start(scope)
        switch state {
        case .idle, .playingReference: break
        case .awaitingTuning: clock.advance(seconds: noteSeconds)
        case .playingTunable:
            clock.advance(seconds: noteSeconds)
            trainer.adjust(0)
        case .showingFeedback:
            clock.advance(seconds: noteSeconds)
            trainer.adjust(0)
            trainer.commit()
        }
    }
}
