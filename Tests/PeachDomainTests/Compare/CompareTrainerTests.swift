import Foundation
import Testing
@testable import PeachDomain

@Suite("Compare trainer")
@MainActor
struct CompareTrainerTests {
    @Test("starts idle and plays nothing")
    func startsIdle() {
        let fixture = CompareTrainerFixture()
        #expect(fixture.trainer.state == .idle)
        #expect(fixture.player.handles.isEmpty)
    }

    @Test("a full cycle: note 1, note 2 back to back, awaiting answer, feedback, next exercise")
    func fullCycle() {
        let fixture = CompareTrainerFixture()
        fixture.trainer.start()
        #expect(fixture.trainer.state == .playingNote1)
        #expect(fixture.player.handles.count == 1)

        fixture.clock.advance(seconds: 0.999)
        #expect(fixture.trainer.state == .playingNote1)
        fixture.clock.advance(seconds: 0.001)
        #expect(fixture.trainer.state == .playingNote2)
        #expect(fixture.player.handles.count == 2)
        let (note1, note2) = (fixture.player.handles[0], fixture.player.handles[1])
        #expect(note1.endedAt == .seconds(1))
        #expect(note2.startedAt == .seconds(1))

        fixture.clock.advance(seconds: 1)
        #expect(fixture.trainer.state == .awaitingAnswer)
        #expect(note2.endedAt == .seconds(2))
        #expect(fixture.player.soundingNotes.isEmpty)

        fixture.answerCorrectly()
        #expect(fixture.trainer.state == .showingFeedback)
        fixture.clock.advance(seconds: 0.399)
        #expect(fixture.trainer.state == .showingFeedback)
        fixture.clock.advance(seconds: 0.001)
        #expect(fixture.trainer.state == .playingNote1)
        #expect(fixture.player.handles.count == 3)
        #expect(fixture.player.handles[2].startedAt == .milliseconds(2400))
    }

    @Test("a note gap is silence between the two notes: the first ends, the second starts after it")
    func noteGap() throws {
        let fixture = CompareTrainerFixture(settings: TrainingSettings(noteGap: try #require(NoteGap(seconds: 0.5))))
        fixture.trainer.start()
        fixture.clock.advance(seconds: 1)
        #expect(fixture.player.handles.count == 1 && fixture.player.soundingNotes.isEmpty)
        #expect(fixture.player.handles[0].endedAt == .seconds(1))
        fixture.clock.advance(seconds: 0.499)
        #expect(fixture.player.handles.count == 1 && fixture.trainer.state == .playingNote1)
        fixture.clock.advance(seconds: 0.001)
        #expect(fixture.trainer.state == .playingNote2)
        #expect(fixture.player.handles.count == 2 && fixture.player.handles[1].startedAt == .milliseconds(1500))
        fixture.clock.advance(seconds: 1)
        #expect(fixture.trainer.state == .awaitingAnswer && fixture.player.handles[1].endedAt == .milliseconds(2500))
    }

    @Test("a stop during the note gap plays no second note")
    func stopDuringGap() throws {
        let fixture = CompareTrainerFixture(settings: TrainingSettings(noteGap: try #require(NoteGap(seconds: 2))))
        fixture.trainer.start()
        fixture.clock.advance(seconds: 1.5)
        fixture.trainer.stop()
        fixture.clock.advance(seconds: 5)
        #expect(fixture.player.handles.count == 1 && fixture.trainer.state == .idle)
    }

    @Test("a note gap is 0 to 5 seconds")
    func noteGapRange() {
        #expect(NoteGap(seconds: 0) == NoteGap.none && NoteGap(seconds: 5)?.duration == .seconds(5))
        #expect(NoteGap(seconds: -0.1) == nil && NoteGap(seconds: 5.01) == nil)
    }

    @Test("plays the reference at its exact pitch and the target at the detuned interval")
    func pitches() throws {
        let settings = TrainingSettings(referencePitch: 442, intervals: [DirectedInterval(.majorThird, .up)],
                                        tuningSystem: .justIntonation)
        let fixture = CompareTrainerFixture(settings: settings)
        fixture.start(at: .playingNote2, scope: .intervals)
        let exercise = try #require(fixture.trainer.currentExercise)
        let reference = fixture.player.handles[0].initialFrequency.rawValue
        let target = fixture.player.handles[1].initialFrequency.rawValue
        let expectedReference = 442 * pow(2, Double(exercise.referenceNote.rawValue - 69) / 12)
        #expect(abs(1200 * log2(reference / expectedReference)) < 1e-6)
        // A pure major third (5/4) from the reference, then the offset.
        let expectedTarget = expectedReference * 5 / 4 * pow(2, exercise.centOffset.rawValue / 1200)
        #expect(abs(1200 * log2(target / expectedTarget)) < 1e-6)
        #expect(exercise.targetNote.rawValue == exercise.referenceNote.rawValue + 4)
    }

    @Test("notes use the configured velocity and duration; the reference is at nominal loudness")
    func velocityAndDuration() {
        let settings = TrainingSettings(noteDuration: NoteDuration(seconds: 0.5)!, velocity: MIDIVelocity(90))
        let fixture = CompareTrainerFixture(settings: settings)
        fixture.start(at: .awaitingAnswer)
        #expect(fixture.player.handles.map(\.velocity) == [MIDIVelocity(90), MIDIVelocity(90)])
        #expect(fixture.player.handles.map(\.duration?.seconds) == [0.5, 0.5])
        #expect(fixture.player.handles[0].amplitude == .nominal)
        #expect(fixture.player.handles[1].startedAt == .milliseconds(500))
    }

    @Test("vary loudness changes only the second note, within the configured spread")
    func varyLoudness() {
        let fixture = CompareTrainerFixture(settings: TrainingSettings(loudnessVariation: 0.5))
        fixture.trainer.start()
        for _ in 0..<40 {
            fixture.clock.advance(seconds: 1)
            fixture.answerCorrectly()
            fixture.clock.advance(seconds: 0.4)
        }
        let references = stride(from: 0, to: fixture.player.handles.count, by: 2).map { fixture.player.handles[$0] }
        let targets = stride(from: 1, to: fixture.player.handles.count, by: 2).map { fixture.player.handles[$0] }
        #expect(references.allSatisfy { $0.amplitude == .nominal })
        #expect(targets.allSatisfy { abs($0.amplitude.rawValue) <= 5 })
        #expect(Set(targets.map(\.amplitude)).count > 30)
    }

    @Test("answers are not accepted during note 1")
    func noAnswerDuringNote1() {
        let fixture = CompareTrainerFixture()
        fixture.start(at: .playingNote1)
        fixture.trainer.answer(higher: true)
        #expect(fixture.trainer.state == .playingNote1)
        #expect(fixture.observer.completed.isEmpty)
    }

    @Test("an answer during note 2 is accepted and cuts note 2 off")
    func answerDuringNote2() {
        let fixture = CompareTrainerFixture()
        fixture.start(at: .playingNote2)
        fixture.clock.advance(seconds: 0.3)
        fixture.trainer.answer(higher: false)
        #expect(fixture.trainer.state == .showingFeedback)
        #expect(fixture.player.handles[1].endedAt == .milliseconds(1300))
        #expect(fixture.player.handles[1].stopCallCount == 1)
        #expect(fixture.observer.completed.count == 1)
        // The cancelled end-of-note-2 timer must not disturb the feedback phase.
        fixture.clock.advance(seconds: 0.39)
        #expect(fixture.trainer.state == .showingFeedback)
        fixture.clock.advance(seconds: 0.01)
        #expect(fixture.trainer.state == .playingNote1)
    }

    @Test("observers get the answer to the exercise, its correctness and the clock's time")
    func observersNotified() throws {
        let fixture = CompareTrainerFixture()
        fixture.start(at: .awaitingAnswer)
        let exercise = try #require(fixture.trainer.currentExercise)
        fixture.trainer.answer(higher: !exercise.isTargetHigher)
        let completed = try #require(fixture.observer.completed.first)
        #expect(completed.referenceNote == exercise.referenceNote && completed.targetNote == exercise.targetNote)
        #expect(completed.centOffset == exercise.centOffset && completed.interval == exercise.interval)
        #expect(!completed.isCorrect)
        #expect(completed.timestamp == fixture.clock.startDate.addingTimeInterval(2))
        #expect(fixture.trainer.lastAnswer == completed)
    }

    @Test("a second answer to the same exercise is ignored")
    func doubleAnswer() {
        let fixture = CompareTrainerFixture()
        fixture.start(at: .awaitingAnswer)
        fixture.trainer.answer(higher: true)
        fixture.trainer.answer(higher: false)
        #expect(fixture.observer.completed.count == 1)
    }

    @Test("the staircase follows the answers within a run (Kazez)")
    func staircase() throws {
        let fixture = CompareTrainerFixture()
        fixture.start(at: .awaitingAnswer)
        #expect(fixture.trainer.currentExercise?.centOffset.magnitude == 100)
        fixture.answerCorrectly()
        fixture.clock.advance(seconds: 0.4)
        #expect(fixture.trainer.currentExercise?.centOffset.magnitude == 50)
        fixture.clock.advance(seconds: 2)
        fixture.trainer.answer(higher: !fixture.trainer.currentExercise!.isTargetHigher)
        fixture.clock.advance(seconds: 0.4)
        let magnitude = try #require(fixture.trainer.currentExercise?.centOffset.magnitude.rawValue)
        #expect(abs(magnitude - 81.82) < 0.005)
    }

    @Test("a run starts from the profile's fitted threshold (classic rule: the overall one)")
    func startsFromProfile() {
        let fixture = CompareTrainerFixture(settings: TrainingSettings(staircase: .kazez), estimate: .flat(12.5))
        fixture.trainer.start()
        #expect(fixture.trainer.currentExercise?.centOffset.magnitude == 12.5)
    }

    /// A fitted 0.3 ct below the offsets asked (the staircase has not asked lower than 0.46 yet) is
    /// still where the next run starts, not the 100 ct of a player with no threshold, whether the
    /// answers alone already say "below" or not yet.
    @Test("a run starts from the fitted threshold also when it lies below the offsets asked so far")
    func startsFromBelow() {
        let flat = ThresholdEstimate.flat(0.3)
        let below = ThresholdEstimate(overallCurve: flat.overallCurve, curve: flat.curve, slope: flat.slope,
                                      answerWeight: flat.answerWeight, offsetsAsked: 0.46...100)
        #expect(below.overallValue == .notEnoughAnswers)
        let said = ThresholdEstimate(overallCurve: flat.overallCurve, curve: flat.curve, slope: flat.slope,
                                     answerWeight: flat.answerWeight, offsetsAsked: 0.46...100,
                                     bounds: flat.curve.mapValues { _ in OffsetBounds(below: 0.46) })
        #expect(said.overallValue == .below(0.46))
        for estimate in [below, said] {
            let fixture = CompareTrainerFixture(settings: TrainingSettings(staircase: .kazez), estimate: estimate)
            fixture.trainer.start()
            #expect(fixture.trainer.currentExercise.map { abs($0.centOffset.magnitude.rawValue - 0.3) < 1e-9 } == true)
        }
    }

    @Test("a new run starts the staircase again from the profile, not from the last run's answer")
    func runRestarts() {
        let fixture = CompareTrainerFixture(settings: TrainingSettings(staircase: .kazez))
        fixture.start(at: .awaitingAnswer)
        fixture.answerCorrectly()                                   // 100 correct → 50
        fixture.clock.advance(seconds: 2.4)
        #expect(fixture.trainer.currentExercise?.centOffset.magnitude == 50)
        fixture.trainer.stop()
        fixture.trainer.start()
        #expect(fixture.trainer.currentExercise?.centOffset.magnitude == 100)
    }

    @Test("single-note runs play primes; interval runs draw from the configured intervals")
    func scopes() {
        let intervals: Set = [DirectedInterval(.perfectFourth, .down), DirectedInterval(.majorSixth, .up)]
        let fixture = CompareTrainerFixture(settings: TrainingSettings(intervals: intervals))
        fixture.trainer.start(.singleNotes)
        #expect(fixture.trainer.currentExercise?.interval == .prime)
        fixture.trainer.stop()
        fixture.trainer.start(.intervals)
        var seen: Set<DirectedInterval> = []
        for _ in 0..<30 {
            seen.insert(fixture.trainer.currentExercise!.interval)
            fixture.clock.advance(seconds: 1)
            fixture.answerCorrectly()
            fixture.clock.advance(seconds: 0.4)
        }
        #expect(seen == intervals)
        #expect(fixture.trainer.scope == .intervals)
    }

    @Test("settings are read live at each new exercise, not mid-exercise")
    func liveSettings() {
        let fixture = CompareTrainerFixture()
        fixture.trainer.start()
        fixture.settings.currentSettings.noteDuration = NoteDuration(seconds: 2)!
        fixture.settings.currentSettings.referencePitch = 415
        fixture.clock.advance(seconds: 1)
        #expect(fixture.trainer.state == .playingNote2)  // this exercise keeps its 1 s notes
        fixture.answerCorrectly()
        fixture.clock.advance(seconds: 0.4)
        let next = fixture.player.handles[2]
        #expect(next.duration?.seconds == 2)
        let note = fixture.trainer.currentExercise!.referenceNote.rawValue
        let expected = 415 * pow(2, Double(note - 69) / 12)
        #expect(abs(1200 * log2(next.initialFrequency.rawValue / expected)) < 1e-6)
        fixture.clock.advance(seconds: 1.9)
        #expect(fixture.trainer.state == .playingNote1)
        fixture.clock.advance(seconds: 0.1)
        #expect(fixture.trainer.state == .playingNote2)
    }

    @Test("start while running does nothing")
    func startWhileRunning() {
        let fixture = CompareTrainerFixture()
        fixture.start(at: .playingNote2)
        fixture.trainer.start(.intervals)
        #expect(fixture.trainer.state == .playingNote2)
        #expect(fixture.player.handles.count == 2)
        #expect(fixture.trainer.scope == .singleNotes)
    }

    @Test("onChange is called on every state change")
    func onChange() {
        let fixture = CompareTrainerFixture()
        var states: [CompareTrainer.State] = []
        fixture.trainer.onChange = { [trainer = fixture.trainer] in states.append(trainer.state) }
        fixture.start(at: .awaitingAnswer)
        fixture.trainer.answer(higher: true)
        fixture.trainer.stop()
        #expect(states == [.playingNote1, .playingNote2, .awaitingAnswer, .showingFeedback, .idle])
    }
}
