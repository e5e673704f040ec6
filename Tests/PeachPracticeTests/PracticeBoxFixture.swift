import PeachDomain
import PeachPractice
import PeachTestSupport
import PeachText
import Testing

@MainActor
final class RecordingFeedbackOutput: FeedbackOutput {
    private(set) var given: [AnswerResult] = []
    private(set) var alerts: [BoxAlert] = []
    func give(_ feedback: AnswerResult) { given.append(feedback) }
    func alert(_ alert: BoxAlert) { alerts.append(alert) }
}

/// A practice box over the real sessions and the hearing check, wired to test doubles. `hasAnswers`:
/// whether the history holds answers (false: the first plug-in gives the tour, with a voice).
@MainActor
struct PracticeBoxFixture {
    let box: PracticeBox
    let clock = ManualTrainingClock()
    let player: MockNotePlayer
    let compareAnswers = RecordingCompareObserver()
    let matchAnswers = RecordingMatchObserver()
    let rhythmAnswers = RecordingRhythmObserver()
    let clicks: SimulatedClickPlayer
    let feedback = RecordingFeedbackOutput()
    let memory: TransientModeMemory
    let interruptions = TrainingInterruptionCenter()
    let settings = FixedSettingsProvider()
    let log = LogCapture()
    let check: HearingCheckSession

    init(remembered: TrainingMode? = nil, modeOverride: TrainingMode? = nil, voice: ScriptedAnnouncer? = nil,
         hasAnswers: Bool = true, opening: PracticeBox.Opening = .usual) {
        voice?.clock = clock
        player = MockNotePlayer(clock: clock)
        memory = TransientModeMemory(remembered)
        let announcer = FeedbackAnnouncer(outputs: [feedback])
        let comparison = CompareTrainer(
            notePlayer: player, profile: StubCompareProfile(), observers: [compareAnswers, announcer],
            settings: settings, clock: clock, gate: voice, interruptions: interruptions, random: SeededRandomGenerator(seed: 7))
        let (player, settings, clock, interruptions, compareAnswers) = (player, settings, clock, interruptions, compareAnswers)
        check = HearingCheckSession { strategy in
            CompareTrainer(notePlayer: player, strategy: strategy, profile: StubCompareProfile(),
                           observers: [compareAnswers, announcer], settings: settings, clock: clock, gate: voice,
                           interruptions: interruptions, random: SeededRandomGenerator(seed: 11))
        }
        let matching = MatchTrainer(
            notePlayer: player, observers: [matchAnswers, announcer], settings: settings, clock: clock,
            gate: voice, interruptions: interruptions, random: SeededRandomGenerator(seed: 7))
        clicks = SimulatedClickPlayer(clock: clock)
        let timing = CompareTimingTrainer(clicks: clicks, clock: clock, settings: settings,
                                          observers: [rhythmAnswers, announcer], interruptions: interruptions, gate: voice,
                                          random: SeededRandomGenerator(seed: 7))
        let gapFill = FillTheGapTrainer(clicks: clicks, clock: clock, settings: settings, observers: [rhythmAnswers, announcer],
                                        interruptions: interruptions, random: SeededRandomGenerator(seed: 7))
        box = PracticeBox(comparison: comparison, matching: matching, rhythm: [timing, gapFill], interruptions: interruptions,
                          modeMemory: memory, modeOverride: modeOverride, alerts: announcer, announcer: voice, texts: .english,
                          check: check, clock: clock, hasAnswers: { hasAnswers }, opening: opening, logger: log.logger)
    }

    var noteSeconds: Double { settings.currentSettings.noteDuration.seconds }

    /// Answers the comparison now sounding its second note, rightly or wrongly, and moves on to the
    /// second note of the next one. Returns the comparison answered.
    @discardableResult
    func answer(correctly: Bool) throws -> CompareExercise {
        let comparison = try #require(box.comparison.currentExercise)
        box.handle(.answer(higher: comparison.isTargetHigher == correctly))
        clock.advance(seconds: 0.4 + noteSeconds)
        return comparison
    }
}

@MainActor
final class RecordingRhythmObserver: RhythmObserver {
    private(set) var answers: [RhythmAnswer] = []
    func rhythmAnswered(_ answer: RhythmAnswer) { answers.append(answer) }
}

/// An announcer that takes a fixed time per prompt on the test clock (the real one, eSpeak into the
/// engine, is tested in PeachBoxRuntimeTests by rendering): what the box says and when it goes on.
@MainActor
final class ScriptedAnnouncer: Announcer {
    var clock: ManualTrainingClock?
    let seconds: Double
    private(set) var said: [(prompt: SpokenPrompt, at: Double)] = []
    private(set) var speakingUntil: Double?
    private var waiting: [@MainActor () -> Void] = []
    private var timer: (any ScheduledTimer)?

    /// Set false to stand for a voice turned off in the configuration.
    var isVoiceOn = true

    init(seconds: Double = 1.5) { self.seconds = seconds }

    var now: Double { clock?.elapsed.seconds ?? 0 }
    var isSpeaking: Bool { speakingUntil != nil }

    func say(_ prompt: SpokenPrompt, then: (@MainActor () -> Void)?) {
        said.append((prompt, now))
        if let then { waiting.append(then) }
        timer?.cancel()
        speakingUntil = now + seconds
        timer = clock?.schedule(after: .milliseconds(Int64(seconds * 1000))) { [weak self] in self?.finish() }
    }

    func whenOpen(_ proceed: @escaping @MainActor () -> Void) {
        if isSpeaking { waiting.append(proceed) } else { proceed() }
    }

    func hush() {
        timer?.cancel()
        finish()
    }

    private func finish() {
        speakingUntil = nil
        let ready = waiting
        waiting.removeAll()
        for proceed in ready { proceed() }
    }
}
