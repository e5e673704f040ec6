import Foundation
import Testing
@testable import PeachDomain

/// Story 15.1's behaviour, generalised for intervals, tuning systems and the first touch.
@Suite("Match trainer")
@MainActor
struct MatchTrainerTests {
    /// Cents from `frequency` to the equal-tempered pitch of `note` + `cents` at `a4`, computed here.
    static func centsFrom(_ frequency: Frequency, note: MIDINote, cents: Double = 0, a4: Double = 440) -> Double {
        let expected = a4 * pow(2, (Double(note.rawValue - 69) + cents / 100) / 12)
        return 1200 * log2(frequency.rawValue / expected)
    }

    @Test("starts idle")
    func startsIdle() {
        #expect(MatchTrainerFixture().trainer.state == .idle)
    }

    @Test("a full cycle: reference, waiting for the first touch, tunable, feedback, next reference")
    func fullCycle() {
        let fixture = MatchTrainerFixture()
        fixture.trainer.start()
        #expect(fixture.trainer.state == .playingReference)
        #expect(fixture.player.handles.count == 1)
        #expect(fixture.player.handles[0].duration == .standard)
        fixture.clock.advance(seconds: 1)
        #expect(fixture.trainer.state == .awaitingTuning)
        #expect(fixture.player.soundingNotes.isEmpty)
        fixture.clock.advance(seconds: 30)
        #expect(fixture.trainer.state == .awaitingTuning)   // waits for the player as long as it takes

        fixture.trainer.adjust(0.2)
        #expect(fixture.trainer.state == .playingTunable)
        #expect(fixture.player.handles.count == 2)
        #expect(fixture.player.handles[1].duration == nil)  // sounds until committed
        fixture.clock.advance(seconds: 60)
        #expect(fixture.player.handles[1].isSounding)

        fixture.trainer.commit()
        #expect(fixture.trainer.state == .showingFeedback)
        #expect(fixture.player.soundingNotes.isEmpty)
        fixture.clock.advance(seconds: 0.399)
        #expect(fixture.trainer.state == .showingFeedback)
        fixture.clock.advance(seconds: 0.001)
        #expect(fixture.trainer.state == .playingReference)
        #expect(fixture.player.handles.count == 3)
    }

    @Test("the reference plays at the exact pitch of the reference note")
    func referencePitch() throws {
        let fixture = MatchTrainerFixture(settings: TrainingSettings(referencePitch: 432))
        fixture.trainer.start()
        let exercise = try #require(fixture.trainer.currentExercise)
        #expect(abs(Self.centsFrom(fixture.player.handles[0].initialFrequency, note: exercise.referenceNote, a4: 432)) < 1e-6)
    }

    @Test("the tunable note starts at initialOffset + v·range from the target and follows the control")
    func tunableFollowsControl() throws {
        let settings = TrainingSettings(pitchMatchingTuningRange: 50)
        let fixture = MatchTrainerFixture(settings: settings)
        fixture.start(at: .awaitingTuning)
        let exercise = try #require(fixture.trainer.currentExercise)
        let offset = exercise.initialCentOffset.rawValue
        fixture.trainer.adjust(-0.5)
        let tunable = try #require(fixture.player.lastHandle)
        #expect(abs(Self.centsFrom(tunable.initialFrequency, note: exercise.targetNote, cents: offset - 25)) < 1e-6)
        fixture.trainer.adjust(1)
        fixture.trainer.adjust(7)    // clamped to +1
        fixture.trainer.adjust(.nan) // ignored
        #expect(tunable.frequencies.count == 3)
        #expect(abs(Self.centsFrom(tunable.frequencies[1], note: exercise.targetNote, cents: offset + 50)) < 1e-6)
        #expect(tunable.frequencies[2] == tunable.frequencies[1])
        #expect(fixture.trainer.controlValue == 1)
        #expect(fixture.player.handles.count == 2)   // retuning never starts another note
    }

    @Test("the control value −v that cancels the offset brings the note onto the target: error 0")
    func targetIsReachable() throws {
        let fixture = MatchTrainerFixture()
        fixture.start(at: .awaitingTuning)
        let exercise = try #require(fixture.trainer.currentExercise)
        fixture.trainer.adjust(-exercise.initialCentOffset.rawValue / 100)
        fixture.trainer.commit()
        let answer = try #require(fixture.observer.completed.first)
        #expect(abs(answer.userCentError.rawValue) < 1e-9)
        #expect(answer.result == .close)
    }

    @Test("commit computes the signed error from the two frequencies: + is sharp")
    func signedError() throws {
        let fixture = MatchTrainerFixture()
        fixture.start(at: .awaitingTuning)
        let offset = try #require(fixture.trainer.currentExercise).initialCentOffset.rawValue
        fixture.trainer.adjust(0.3)
        fixture.trainer.commit()
        let result = try #require(fixture.observer.completed.first)
        #expect(abs(result.userCentError.rawValue - (offset + 30)) < 1e-9)
        #expect(result.timestamp == fixture.clock.startDate.addingTimeInterval(1))
        #expect(fixture.player.handles[1].stopCallCount == 1)
        #expect(fixture.trainer.lastAnswer == result)
    }

    @Test("in just intonation the error is measured from the pure interval, not the tempered one")
    func justIntervalTarget() throws {
        let settings = TrainingSettings(intervals: [DirectedInterval(.perfectFifth, .down)], tuningSystem: .justIntonation)
        let fixture = MatchTrainerFixture(settings: settings)
        fixture.start(at: .awaitingTuning, scope: .intervals)
        let exercise = try #require(fixture.trainer.currentExercise)
        #expect(exercise.targetNote.rawValue == exercise.referenceNote.rawValue - 7)
        fixture.trainer.adjust(-exercise.initialCentOffset.rawValue / 100)
        let tunable = try #require(fixture.player.lastHandle)
        let referenceFrequency = fixture.player.handles[0].initialFrequency.rawValue
        // A pure fifth down is 2/3 of the reference.
        #expect(abs(1200 * log2(tunable.currentFrequency.rawValue / (referenceFrequency * 2 / 3))) < 1e-6)
        fixture.trainer.commit()
        #expect(abs(fixture.observer.completed[0].userCentError.rawValue) < 1e-9)
    }

    @Test("exercises: reference in range, offset within ±range, uniform spread", arguments: [100.0, 20.0])
    func exerciseGeneration(range: Double) throws {
        let noteRange = try NoteRange(lowest: MIDINote(50), highest: MIDINote(62))
        let fixture = MatchTrainerFixture(settings: TrainingSettings(noteRange: noteRange,
                                                                     pitchMatchingInitialOffsetRange: Cents(range)))
        var notes: Set<Int> = []
        var offsets: [Double] = []
        fixture.trainer.start()
        for _ in 0..<400 {
            let exercise = fixture.trainer.currentExercise!
            notes.insert(exercise.referenceNote.rawValue)
            offsets.append(exercise.initialCentOffset.rawValue)
            #expect(exercise.targetNote == exercise.referenceNote)
            fixture.clock.advance(seconds: 1)
            fixture.trainer.adjust(0)
            fixture.trainer.commit()
            fixture.clock.advance(seconds: 0.4)
        }
        #expect(notes == Set(50...62))
        #expect(offsets.allSatisfy { abs($0) <= range })
        #expect(offsets.filter { $0 > range / 2 }.count > 60)
        #expect(offsets.filter { $0 < -range / 2 }.count > 60)
    }

    @Test("commit before the first touch is ignored: no attempt nobody heard is recorded")
    func commitWithoutTouch() {
        let fixture = MatchTrainerFixture()
        fixture.start(at: .awaitingTuning)
        fixture.trainer.commit()
        #expect(fixture.trainer.state == .awaitingTuning)
        #expect(fixture.observer.completed.isEmpty)
        #expect(fixture.player.handles.count == 1)
        fixture.trainer.adjust(0)
        fixture.trainer.commit()
        #expect(fixture.observer.completed.count == 1)
    }

    @Test("the control and commit are ignored during the reference note and feedback")
    func ignoredOutsideTuning() {
        let fixture = MatchTrainerFixture()
        fixture.start(at: .playingReference)
        fixture.trainer.adjust(0.5)
        fixture.trainer.commit()
        #expect(fixture.trainer.state == .playingReference)
        #expect(fixture.player.handles.count == 1)
        #expect(fixture.trainer.controlValue == 0)
        fixture.clock.advance(seconds: 1)
        fixture.trainer.adjust(0.1)
        fixture.trainer.commit()
        fixture.trainer.adjust(0.9)
        fixture.trainer.commit()
        #expect(fixture.observer.completed.count == 1)
        #expect(fixture.player.handles.count == 2)
    }

    @Test("each exercise starts from the control's neutral position")
    func controlResets() {
        let fixture = MatchTrainerFixture()
        fixture.start(at: .awaitingTuning)
        fixture.trainer.adjust(0.8)
        fixture.trainer.commit()
        fixture.clock.advance(seconds: 0.4)
        #expect(fixture.trainer.controlValue == 0)
    }

    @Test("result bands: under 10 close, 10–30 moderate, over 30 far", arguments: [
        (0.0, AnswerResult.close), (9.99, .close), (-9.99, .close), (10, .moderate), (-30, .moderate),
        (30.01, .far), (-75, .far),
    ])
    func resultBands(error: Double, band: AnswerResult) {
        #expect(AnswerResult(error: Cents(error)) == band)
    }

    @Test("settings are read at each new exercise: a new range applies from the next one")
    func liveSettings() throws {
        let fixture = MatchTrainerFixture()
        fixture.start(at: .awaitingTuning)
        fixture.settings.currentSettings.pitchMatchingTuningRange = 10
        fixture.trainer.adjust(1)
        let exercise = try #require(fixture.trainer.currentExercise)
        #expect(abs(Self.centsFrom(fixture.player.lastHandle!.initialFrequency, note: exercise.targetNote,
                                   cents: exercise.initialCentOffset.rawValue + 100)) < 1e-6)
        fixture.trainer.commit()
        fixture.clock.advance(seconds: 1.4)
        fixture.trainer.adjust(1)
        let next = try #require(fixture.trainer.currentExercise)
        #expect(abs(Self.centsFrom(fixture.player.lastHandle!.initialFrequency, note: next.targetNote,
                                   cents: next.initialCentOffset.rawValue + 10)) < 1e-6)
    }

    @Test("vary loudness affects only the tunable note")
    func varyLoudness() {
        let fixture = MatchTrainerFixture(settings: TrainingSettings(loudnessVariation: 1))
        fixture.trainer.start()
        for _ in 0..<20 {
            fixture.clock.advance(seconds: 1)
            fixture.trainer.adjust(0)
            fixture.trainer.commit()
            fixture.clock.advance(seconds: 0.4)
        }
        let references = stride(from: 0, to: 40, by: 2).map { fixture.player.handles[$0] }
        let tunables = stride(from: 1, to: 40, by: 2).map { fixture.player.handles[$0] }
        #expect(references.allSatisfy { $0.amplitude == .nominal })
        #expect(tunables.allSatisfy { abs($0.amplitude.rawValue) <= 10 })
        #expect(Set(tunables.map(\.amplitude)).count > 15)
    }
}
