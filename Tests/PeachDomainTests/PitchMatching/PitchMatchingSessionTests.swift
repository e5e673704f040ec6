import Foundation
import Testing
@testable import PeachDomain

/// Story 15.1's behaviour, generalised for intervals, tuning systems and the first touch.
@Suite("Pitch-matching session")
@MainActor
struct PitchMatchingSessionTests {
    /// Cents from `frequency` to the equal-tempered pitch of `note` + `cents` at `a4`, computed here.
    static func centsFrom(_ frequency: Frequency, note: MIDINote, cents: Double = 0, a4: Double = 440) -> Double {
        let expected = a4 * pow(2, (Double(note.rawValue - 69) + cents / 100) / 12)
        return 1200 * log2(frequency.rawValue / expected)
    }

    @Test("starts idle")
    func startsIdle() {
        #expect(PitchMatchingFixture().session.state == .idle)
    }

    @Test("a full cycle: reference, waiting for the first touch, tunable, feedback, next reference")
    func fullCycle() {
        let fixture = PitchMatchingFixture()
        fixture.session.start()
        #expect(fixture.session.state == .playingReference)
        #expect(fixture.player.handles.count == 1)
        #expect(fixture.player.handles[0].duration == .standard)
        fixture.clock.advance(seconds: 1)
        #expect(fixture.session.state == .awaitingTuning)
        #expect(fixture.player.soundingNotes.isEmpty)
        fixture.clock.advance(seconds: 30)
        #expect(fixture.session.state == .awaitingTuning)   // waits for the player as long as it takes

        fixture.session.adjust(0.2)
        #expect(fixture.session.state == .playingTunable)
        #expect(fixture.player.handles.count == 2)
        #expect(fixture.player.handles[1].duration == nil)  // sounds until committed
        fixture.clock.advance(seconds: 60)
        #expect(fixture.player.handles[1].isSounding)

        fixture.session.commit()
        #expect(fixture.session.state == .showingFeedback)
        #expect(fixture.player.soundingNotes.isEmpty)
        fixture.clock.advance(seconds: 0.399)
        #expect(fixture.session.state == .showingFeedback)
        fixture.clock.advance(seconds: 0.001)
        #expect(fixture.session.state == .playingReference)
        #expect(fixture.player.handles.count == 3)
    }

    @Test("the reference plays at the exact pitch of the reference note")
    func referencePitch() throws {
        let fixture = PitchMatchingFixture(settings: TrainingSettings(referencePitch: 432))
        fixture.session.start()
        let challenge = try #require(fixture.session.currentChallenge)
        #expect(abs(Self.centsFrom(fixture.player.handles[0].initialFrequency, note: challenge.referenceNote, a4: 432)) < 1e-6)
    }

    @Test("the tunable note starts at initialOffset + v·range from the target and follows the control")
    func tunableFollowsControl() throws {
        let settings = TrainingSettings(pitchMatchingTuningRange: 50)
        let fixture = PitchMatchingFixture(settings: settings)
        fixture.start(at: .awaitingTuning)
        let challenge = try #require(fixture.session.currentChallenge)
        let offset = challenge.initialCentOffset.rawValue
        fixture.session.adjust(-0.5)
        let tunable = try #require(fixture.player.lastHandle)
        #expect(abs(Self.centsFrom(tunable.initialFrequency, note: challenge.targetNote, cents: offset - 25)) < 1e-6)
        fixture.session.adjust(1)
        fixture.session.adjust(7)    // clamped to +1
        fixture.session.adjust(.nan) // ignored
        #expect(tunable.frequencies.count == 3)
        #expect(abs(Self.centsFrom(tunable.frequencies[1], note: challenge.targetNote, cents: offset + 50)) < 1e-6)
        #expect(tunable.frequencies[2] == tunable.frequencies[1])
        #expect(fixture.session.controlValue == 1)
        #expect(fixture.player.handles.count == 2)   // retuning never starts another note
    }

    @Test("the control value −v that cancels the offset brings the note onto the target: error 0")
    func targetIsReachable() throws {
        let fixture = PitchMatchingFixture()
        fixture.start(at: .awaitingTuning)
        let challenge = try #require(fixture.session.currentChallenge)
        fixture.session.adjust(-challenge.initialCentOffset.rawValue / 100)
        fixture.session.commit()
        let result = try #require(fixture.observer.completed.first)
        #expect(abs(result.userCentError.rawValue) < 1e-9)
        #expect(result.feedback == .close)
    }

    @Test("commit computes the signed error from the two frequencies: + is sharp")
    func signedError() throws {
        let fixture = PitchMatchingFixture()
        fixture.start(at: .awaitingTuning)
        let offset = try #require(fixture.session.currentChallenge).initialCentOffset.rawValue
        fixture.session.adjust(0.3)
        fixture.session.commit()
        let result = try #require(fixture.observer.completed.first)
        #expect(abs(result.userCentError.rawValue - (offset + 30)) < 1e-9)
        #expect(result.timestamp == fixture.clock.startDate.addingTimeInterval(1))
        #expect(fixture.player.handles[1].stopCallCount == 1)
        #expect(fixture.session.lastCompleted == result)
    }

    @Test("in just intonation the error is measured from the pure interval, not the tempered one")
    func justIntervalTarget() throws {
        let settings = TrainingSettings(intervals: [DirectedInterval(.perfectFifth, .down)], tuningSystem: .justIntonation)
        let fixture = PitchMatchingFixture(settings: settings)
        fixture.start(at: .awaitingTuning, scope: .intervals)
        let challenge = try #require(fixture.session.currentChallenge)
        #expect(challenge.targetNote.rawValue == challenge.referenceNote.rawValue - 7)
        fixture.session.adjust(-challenge.initialCentOffset.rawValue / 100)
        let tunable = try #require(fixture.player.lastHandle)
        let referenceFrequency = fixture.player.handles[0].initialFrequency.rawValue
        // A pure fifth down is 2/3 of the reference.
        #expect(abs(1200 * log2(tunable.currentFrequency.rawValue / (referenceFrequency * 2 / 3))) < 1e-6)
        fixture.session.commit()
        #expect(abs(fixture.observer.completed[0].userCentError.rawValue) < 1e-9)
    }

    @Test("challenges: reference in range, offset within ±range, uniform spread", arguments: [100.0, 20.0])
    func challengeGeneration(range: Double) throws {
        let noteRange = try NoteRange(lowest: MIDINote(50), highest: MIDINote(62))
        let fixture = PitchMatchingFixture(settings: TrainingSettings(noteRange: noteRange,
                                                                      pitchMatchingInitialOffsetRange: Cents(range)))
        var notes: Set<Int> = []
        var offsets: [Double] = []
        fixture.session.start()
        for _ in 0..<400 {
            let challenge = fixture.session.currentChallenge!
            notes.insert(challenge.referenceNote.rawValue)
            offsets.append(challenge.initialCentOffset.rawValue)
            #expect(challenge.targetNote == challenge.referenceNote)
            fixture.clock.advance(seconds: 1)
            fixture.session.adjust(0)
            fixture.session.commit()
            fixture.clock.advance(seconds: 0.4)
        }
        #expect(notes == Set(50...62))
        #expect(offsets.allSatisfy { abs($0) <= range })
        #expect(offsets.filter { $0 > range / 2 }.count > 60)
        #expect(offsets.filter { $0 < -range / 2 }.count > 60)
    }

    @Test("commit before the first touch is ignored: no attempt nobody heard is recorded")
    func commitWithoutTouch() {
        let fixture = PitchMatchingFixture()
        fixture.start(at: .awaitingTuning)
        fixture.session.commit()
        #expect(fixture.session.state == .awaitingTuning)
        #expect(fixture.observer.completed.isEmpty)
        #expect(fixture.player.handles.count == 1)
        fixture.session.adjust(0)
        fixture.session.commit()
        #expect(fixture.observer.completed.count == 1)
    }

    @Test("the control and commit are ignored during the reference note and feedback")
    func ignoredOutsideTuning() {
        let fixture = PitchMatchingFixture()
        fixture.start(at: .playingReference)
        fixture.session.adjust(0.5)
        fixture.session.commit()
        #expect(fixture.session.state == .playingReference)
        #expect(fixture.player.handles.count == 1)
        #expect(fixture.session.controlValue == 0)
        fixture.clock.advance(seconds: 1)
        fixture.session.adjust(0.1)
        fixture.session.commit()
        fixture.session.adjust(0.9)
        fixture.session.commit()
        #expect(fixture.observer.completed.count == 1)
        #expect(fixture.player.handles.count == 2)
    }

    @Test("each exercise starts from the control's neutral position")
    func controlResets() {
        let fixture = PitchMatchingFixture()
        fixture.start(at: .awaitingTuning)
        fixture.session.adjust(0.8)
        fixture.session.commit()
        fixture.clock.advance(seconds: 0.4)
        #expect(fixture.session.controlValue == 0)
    }

    @Test("feedback bands: under 10 close, 10–30 moderate, over 30 far", arguments: [
        (0.0, PitchMatchingFeedback.close), (9.99, .close), (-9.99, .close), (10, .moderate), (-30, .moderate),
        (30.01, .far), (-75, .far),
    ])
    func feedbackBands(error: Double, band: PitchMatchingFeedback) {
        #expect(PitchMatchingFeedback(error: Cents(error)) == band)
    }

    @Test("settings are read at each new challenge: a new range applies from the next one")
    func liveSettings() throws {
        let fixture = PitchMatchingFixture()
        fixture.start(at: .awaitingTuning)
        fixture.settings.currentSettings.pitchMatchingTuningRange = 10
        fixture.session.adjust(1)
        let challenge = try #require(fixture.session.currentChallenge)
        #expect(abs(Self.centsFrom(fixture.player.lastHandle!.initialFrequency, note: challenge.targetNote,
                                   cents: challenge.initialCentOffset.rawValue + 100)) < 1e-6)
        fixture.session.commit()
        fixture.clock.advance(seconds: 1.4)
        fixture.session.adjust(1)
        let next = try #require(fixture.session.currentChallenge)
        #expect(abs(Self.centsFrom(fixture.player.lastHandle!.initialFrequency, note: next.targetNote,
                                   cents: next.initialCentOffset.rawValue + 10)) < 1e-6)
    }

    @Test("vary loudness affects only the tunable note")
    func varyLoudness() {
        let fixture = PitchMatchingFixture(settings: TrainingSettings(loudnessVariation: 1))
        fixture.session.start()
        for _ in 0..<20 {
            fixture.clock.advance(seconds: 1)
            fixture.session.adjust(0)
            fixture.session.commit()
            fixture.clock.advance(seconds: 0.4)
        }
        let references = stride(from: 0, to: 40, by: 2).map { fixture.player.handles[$0] }
        let tunables = stride(from: 1, to: 40, by: 2).map { fixture.player.handles[$0] }
        #expect(references.allSatisfy { $0.amplitude == .nominal })
        #expect(tunables.allSatisfy { abs($0.amplitude.rawValue) <= 10 })
        #expect(Set(tunables.map(\.amplitude)).count > 15)
    }
}
