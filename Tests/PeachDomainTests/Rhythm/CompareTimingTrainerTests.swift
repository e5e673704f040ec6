import Foundation
import Testing
@testable import PeachDomain

@Suite("Compare Timing: the pattern, the answer, the grid")
@MainActor
struct CompareTimingTrainerTests {
    let clock = ManualTrainingClock(startDate: Date(timeIntervalSince1970: 1_000_000))
    let settings = FixedSettingsProvider(TrainingSettings(rhythm: RhythmSettings(tempo: TempoBPM(validating: 90)!)))
    let observer = RhythmAnswers()

    func trainer(_ clicks: RecordingClickPlayer) -> CompareTimingTrainer {
        CompareTimingTrainer(clicks: clicks, clock: clock, settings: settings, observers: [observer],
                             random: SeededRandomGenerator(seed: 7))
    }

    @Test("four sixteenths, the first accented, the third off by the exercise's offset")
    func patternClicks() throws {
        let exercise = TimingExercise(tempo: TempoBPM(validating: 120)!, direction: .early, share: 0.1)
        let clicks = exercise.clicks(startingAt: 10)
        #expect(clicks.map(\.isAccented) == [true, false, false, false])
        #expect(abs(clicks[1].time - 10.125) < 1e-12)
        #expect(abs(clicks[2].time - (10.25 - 0.0125)) < 1e-12)
        #expect(abs(clicks[3].time - 10.375) < 1e-12)
        #expect(abs(exercise.offsetMs - -12.5) < 1e-9)
    }

    @Test("an answer counts only once the moved click is heard, and is right when it names the direction")
    func answerAfterMovedClick() throws {
        let clicks = RecordingClickPlayer(clock: clock)
        let trainer = trainer(clicks)
        trainer.start()
        #expect(clicks.scheduled.count == 4)
        let exercise = try #require(trainer.currentExercise)
        trainer.answer(early: true)
        #expect(observer.timing.isEmpty, "answered before the moved click was heard")
        clock.advanceToNextTimer()
        #expect(trainer.state == .awaitingAnswer)
        #expect(clicks.heardNow >= clicks.scheduled[2].time - 1e-9)
        trainer.answer(early: exercise.direction == .early)
        let answer = try #require(observer.timing.first)
        #expect(answer.isCorrect)
        #expect(answer.offsetMs == exercise.offsetMs)
        #expect((answer.offsetMs < 0) == (exercise.direction == .early))
        #expect(answer.tempo.rawValue == 90)
    }

    @Test("the next pattern starts on the beat grid of the first")
    func nextOnTheGrid() throws {
        let clicks = RecordingClickPlayer(clock: clock)
        let trainer = trainer(clicks)
        trainer.start()
        for _ in 0..<5 {
            while trainer.state != .awaitingAnswer { clock.advanceToNextTimer() }
            clock.advance(seconds: 0.37)
            trainer.answer(early: true)
            while trainer.state != .playingPattern { clock.advanceToNextTimer() }
        }
        let beat = 60.0 / 90
        let starts = stride(from: 0, to: clicks.scheduled.count, by: 4).map { clicks.scheduled[$0].time }
        #expect(starts.count == 6)
        for start in starts.dropFirst() {
            let beats = (start - starts[0]) / beat
            #expect(abs(beats - beats.rounded()) < 1e-9)
            #expect(beats >= 1)
        }
        #expect(observer.timing.count == 5)
    }

    @Test("stop takes back the clicks and records nothing more")
    func stop() {
        let clicks = RecordingClickPlayer(clock: clock)
        let trainer = trainer(clicks)
        trainer.start()
        clock.advanceToNextTimer()
        trainer.stop()
        trainer.answer(early: true)
        clock.advance(seconds: 5)
        #expect(trainer.state == .idle)
        #expect(clicks.cancels == 1)
        #expect(observer.timing.isEmpty)
    }

    @Test("the staircase balances early and late and settles near the 75 % point")
    func staircaseSettles() {
        var staircase = TimingStaircase()
        var random: any RandomNumberGenerator = SeededRandomGenerator(seed: 3)
        let tempo = TempoBPM(validating: 80)!
        var early = 0, late = 0
        var shares: [Double] = []
        let truth = 0.05
        for trial in 0..<2000 {
            let exercise = staircase.nextExercise(tempo: tempo, random: &random)
            if exercise.direction == .early { early += 1 } else { late += 1 }
            let p = PsychometricFunction.probabilityCorrect(logOffset: log(exercise.share), logThreshold: log(truth), slope: 3, lapse: 0)
            staircase.answered(exercise, correctly: Double.random(in: 0..<1, using: &random) < p)
            if trial >= 500 { shares.append(log(exercise.share)) }
        }
        #expect(abs(early - late) <= 1)
        let mean = exp(shares.reduce(0, +) / Double(shares.count))
        #expect(mean > truth * 0.8 && mean < truth * 1.25, "settled at \(mean)")
    }
}
