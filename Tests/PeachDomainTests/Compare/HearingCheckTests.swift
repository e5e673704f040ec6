import Foundation
import PeachDomain
import Testing

/// The hearing check through the real trainer: it ends by itself, visits the whole note range,
/// places its offsets near the threshold, and leaves a profile and a staircase that start from
/// what it found.
@MainActor
@Suite("Hearing check")
struct HearingCheckTests {
    static let listener = SimulatedListener.make(.weibull, slope: 2.5, lapse: 0.02, [(60, 8)])

    static func simulation(_ listener: SimulatedListener = listener, seed: UInt64 = 7,
                           profile: PerceptualProfile = PerceptualProfile()) -> TrainingSimulation {
        TrainingSimulation(listener: listener, profile: profile, compareObservers: [profile], matchObservers: [],
                           settings: FixedSettingsProvider(), start: Date(timeIntervalSince1970: 1_700_000_000), seed: seed)
    }

    @Test("the trainer ends the check by itself after at most 80 answers, idle and telling onFinished")
    func endsByItself() {
        let check = HearingCheck()
        let clock = ManualTrainingClock()
        let profile = PerceptualProfile()
        let trainer = CompareTrainer(notePlayer: SilentNotePlayer(), strategy: check, profile: profile, observers: [profile],
                                     settings: FixedSettingsProvider(), clock: clock,
                                     interruptions: TrainingInterruptionCenter(), random: SeededRandomGenerator(seed: 3))
        var finished = 0
        trainer.onFinished = { finished += 1 }
        var notes = Set<Int>()
        var offsets: [Double] = []
        trainer.start()
        var answers = 0
        while trainer.isRunning, answers < 200 {
            if trainer.state == .awaitingAnswer, let exercise = trainer.currentExercise {
                notes.insert(exercise.referenceNote.rawValue)
                offsets.append(exercise.centOffset.magnitude.rawValue)
                // Right above 8 cents, wrong below: the posterior closes in on 8.
                let right = exercise.centOffset.magnitude.rawValue > 8
                trainer.answer(higher: right == exercise.isTargetHigher)
                answers += 1
            } else if !clock.advanceToNextTimer() {
                break
            }
        }
        #expect(!trainer.isRunning)
        #expect(finished == 1)
        #expect(answers <= HearingCheck.mostAnswers)
        #expect(profile.answers(for: .compare).count == answers, "its answers are Hear & Compare – single notes answers")
        #expect(notes.contains(36) && notes.contains(84), "the range's ends are asked: \(notes.sorted())")
        let late = offsets.suffix(20)
        #expect(late.allSatisfy { (4...16).contains($0) }, "offsets near the threshold at the end: \(Array(late))")
        #expect(check.result.posterior.low <= 8 && 8 <= check.result.posterior.high * 1.1, "\(check.result.posterior)")
    }

    @Test("the check is finished once the posterior's interval is narrower than 1.5, or after 80 answers, not before")
    func stoppingRule() throws {
        let check = HearingCheck()
        let settings = TrainingSettings()
        check.startRun(mode: .compare, settings: settings, estimate: nil)
        #expect(!check.isFinished)
        var random: any RandomNumberGenerator = SeededRandomGenerator(seed: 5)
        var narrowest = Double.infinity
        for index in 0..<HearingCheck.mostAnswers {
            // A player who hears everything from 5 ct up and guesses below, asked around 5 ct.
            let offset = 5 * pow(2, Double(index % 9 - 4) / 4)
            let exercise = try #require(CompareExercise(referenceNote: MIDINote(60), interval: .prime,
                                                        tuningSystem: .equalTemperament, centOffset: Cents(offset)))
            let right = offset >= 5 || Bool.random(using: &random)
            check.answered(try #require(CompareAnswer(referenceNote: MIDINote(60), targetNote: MIDINote(60), centOffset: exercise.centOffset,
                                                      isCorrect: right, tuningSystem: .equalTemperament, timestamp: Date())))
            let interval = check.result.posterior
            narrowest = min(narrowest, interval.high / interval.low)
            let answers = index + 1
            #expect(check.isFinished == (answers >= HearingCheck.mostAnswers || interval.high / interval.low < HearingCheck.narrowEnough),
                    "after \(answers) answers, interval \(interval)")
        }
        #expect(narrowest < 2, "the posterior narrows: \(narrowest)")
        #expect(check.isFinished)
    }

    @Test("after a check the profile reports the threshold and interval the check said, and the next training run starts from it")
    func profileAndStaircaseFollow() throws {
        let profile = PerceptualProfile()
        let result = Self.simulation(profile: profile).runCheck(at: Date(timeIntervalSince1970: 1_700_000_000))
        let check = try #require(result.threshold.estimate)
        let estimate = try #require(profile.thresholdEstimate(for: .compare, range: .standard))
        let measured = try #require(estimate.overall, "the profile says a number after the check")
        #expect(abs(check.value / measured.value - 1) < 0.01 && abs(check.low / measured.low - 1) < 0.01
                && abs(check.high / measured.high - 1) < 0.01, "the profile says what the check said: profile \(measured), check \(check)")
        let staircase = StaircaseStrategy()
        staircase.startRun(mode: .compare, settings: TrainingSettings(), estimate: estimate)
        let start = staircase.offset(for: 60)
        #expect(check.low <= start && start <= check.high, "the staircase starts at \(start) ct on C4, the check said \(check)")
    }

    @Test("notes spread over a wide range: at most 40 a round, both ends included")
    func spreadNotes() {
        let settings = TrainingSettings(noteRange: try! NoteRange(lowest: MIDINote(21), highest: MIDINote(108)))
        let check = HearingCheck()
        check.startRun(mode: .compare, settings: settings, estimate: nil)
        var random: any RandomNumberGenerator = SeededRandomGenerator(seed: 1)
        let notes = (0..<40).map { _ in check.nextExercise(settings: settings, interval: .prime, random: &random).referenceNote.rawValue }
        #expect(Set(notes).count == 40, "one round visits 40 different notes")
        #expect(notes.contains(21) && notes.contains(108))
    }
}
