import PeachDomain
import PeachTestSupport

/// A comparison session wired to test doubles, with the doubles at hand.
@MainActor
struct ComparisonFixture {
    let session: ComparisonSession
    let clock: ManualTrainingClock
    let player: MockNotePlayer
    let observer: RecordingComparisonObserver
    let profile: StubDiscriminationProfile
    let settings: FixedSettingsProvider
    let interruptions: TrainingInterruptionCenter
    let log: LogCapture

    init(settings: TrainingSettings = TrainingSettings(staircase: .kazez), estimate: ThresholdEstimate? = nil,
         seed: UInt64 = 1, strategy: any NextComparisonStrategy = StaircaseStrategy()) {
        clock = ManualTrainingClock()
        player = MockNotePlayer(clock: clock)
        observer = RecordingComparisonObserver()
        profile = StubDiscriminationProfile(estimate: estimate)
        self.settings = FixedSettingsProvider(settings)
        interruptions = TrainingInterruptionCenter()
        log = LogCapture()
        session = ComparisonSession(
            notePlayer: player, strategy: strategy, profile: profile, observers: [observer],
            settings: self.settings, clock: clock, interruptions: interruptions,
            random: SeededRandomGenerator(seed: seed), logger: log.logger)
    }

    var noteSeconds: Double { settings.currentSettings.noteDuration.seconds }

    /// Starts and advances to the given state of the first comparison.
    func start(at state: ComparisonSession.State, scope: ExerciseScope = .singleNotes) {
        session.start(scope)
        switch state {
        case .idle, .playingNote1: break
        case .playingNote2: clock.advance(seconds: noteSeconds)
        case .awaitingAnswer: clock.advance(seconds: 2 * noteSeconds)
        case .showingFeedback:
            clock.advance(seconds: noteSeconds)
            session.answer(higher: true)
        }
    }

    /// Answers correctly.
    func answerCorrectly() {
        session.answer(higher: session.currentComparison!.isTargetHigher)
    }
}

/// A pitch-matching session wired to test doubles.
@MainActor
struct PitchMatchingFixture {
    let session: PitchMatchingSession
    let clock: ManualTrainingClock
    let player: MockNotePlayer
    let observer: RecordingPitchMatchingObserver
    let settings: FixedSettingsProvider
    let interruptions: TrainingInterruptionCenter
    let log: LogCapture

    init(settings: TrainingSettings = TrainingSettings(), seed: UInt64 = 1, shortcut: (any TuningShortcut)? = nil) {
        clock = ManualTrainingClock()
        player = MockNotePlayer(clock: clock)
        player.offersDirectTuning = shortcut != nil
        observer = RecordingPitchMatchingObserver()
        self.settings = FixedSettingsProvider(settings)
        interruptions = TrainingInterruptionCenter()
        log = LogCapture()
        session = PitchMatchingSession(
            notePlayer: player, observers: [observer], settings: self.settings, clock: clock,
            interruptions: interruptions, shortcut: shortcut, random: SeededRandomGenerator(seed: seed), logger: log.logger)
    }

    var noteSeconds: Double { settings.currentSettings.noteDuration.seconds }

    func start(at state: PitchMatchingSession.State, scope: ExerciseScope = .singleNotes) {
        session.start(scope)
        switch state {
        case .idle, .playingReference: break
        case .awaitingTuning: clock.advance(seconds: noteSeconds)
        case .playingTunable:
            clock.advance(seconds: noteSeconds)
            session.adjust(0)
        case .showingFeedback:
            clock.advance(seconds: noteSeconds)
            session.adjust(0)
            session.commit()
        }
    }
}
