import Testing
@testable import PeachDomain
import PeachTestSupport

/// Story 15.2: interruption and lifecycle handling, with Linux's interruption sources.
@Suite("Pitch-matching session: stop, interruptions, errors")
@MainActor
struct PitchMatchingSessionStopTests {
    nonisolated static let activeStates: [PitchMatchingSession.State] = [
        .playingReference, .awaitingTuning, .playingTunable, .showingFeedback,
    ]

    @Test("stop from each state: idle, silent, attempt discarded, nothing pending", arguments: activeStates)
    func stopFromEachState(state: PitchMatchingSession.State) {
        let fixture = PitchMatchingFixture()
        fixture.start(at: state)
        #expect(fixture.session.state == state)
        let recordedBefore = fixture.observer.completed.count
        let notesBefore = fixture.player.handles.count
        fixture.session.stop()
        #expect(fixture.session.state == .idle)
        #expect(fixture.player.soundingNotes.isEmpty)
        #expect(fixture.player.stopAllCount == 1)
        #expect(fixture.session.currentChallenge == nil)
        fixture.clock.advance(seconds: 10)
        fixture.session.adjust(0.5)
        fixture.session.commit()
        #expect(fixture.session.state == .idle)
        #expect(fixture.observer.completed.count == recordedBefore)
        #expect(fixture.player.handles.count == notesBefore)
    }

    @Test("stop while the tunable note sounds stops that note through its handle and records nothing")
    func stopDuringTunable() throws {
        let fixture = PitchMatchingFixture()
        fixture.start(at: .playingTunable)
        let tunable = try #require(fixture.player.lastHandle)
        fixture.session.stop()
        #expect(tunable.stopCallCount == 1)
        #expect(fixture.observer.completed.isEmpty)
    }

    @Test("stop during the feedback pause cancels the next challenge")
    func stopDuringFeedback() {
        let fixture = PitchMatchingFixture()
        fixture.start(at: .showingFeedback)
        fixture.session.stop()
        fixture.clock.advance(seconds: 1)
        #expect(fixture.session.state == .idle)
        #expect(fixture.player.handles.count == 2)
    }

    @Test("stop when idle does nothing, and stopping twice is safe")
    func idempotent() {
        let fixture = PitchMatchingFixture()
        fixture.session.stop()
        #expect(fixture.player.stopAllCount == 0)
        fixture.start(at: .playingTunable)
        fixture.session.stop()
        fixture.session.stop()
        #expect(fixture.player.stopAllCount == 1)
    }

    @Test("training starts again after a stop", arguments: activeStates)
    func restart(state: PitchMatchingSession.State) {
        let fixture = PitchMatchingFixture()
        fixture.start(at: state)
        fixture.session.stop()
        fixture.session.start()
        #expect(fixture.session.state == .playingReference)
        fixture.clock.advance(seconds: 1)
        fixture.session.adjust(0)
        #expect(fixture.session.state == .playingTunable)
    }

    nonisolated static let stopping: [TrainingInterruption] = [
        .audioInterruptionBegan, .audioRouteChanged(.oldDeviceUnavailable),
        .controllerDisconnected(name: "Arturia MiniLab"), .shuttingDown,
    ]

    @Test("stopping interruptions stop from every state, with nothing recorded", arguments: stopping, activeStates)
    func stoppingInterruptions(interruption: TrainingInterruption, state: PitchMatchingSession.State) {
        let fixture = PitchMatchingFixture()
        fixture.start(at: state)
        let recorded = fixture.observer.completed.count
        fixture.interruptions.post(interruption)
        #expect(fixture.session.state == .idle)
        #expect(fixture.player.soundingNotes.isEmpty)
        #expect(fixture.observer.completed.count == recorded)
    }

    @Test("harmless events leave training running", arguments: [
        TrainingInterruption.audioInterruptionEnded, .audioRouteChanged(.newDeviceAvailable),
        .audioRouteChanged(.configurationChanged),
    ])
    func harmless(interruption: TrainingInterruption) {
        let fixture = PitchMatchingFixture()
        fixture.start(at: .playingTunable)
        fixture.interruptions.post(interruption)
        #expect(fixture.session.state == .playingTunable)
        #expect(fixture.player.lastHandle?.isSounding == true)
    }

    @Test("after an interruption ends nothing resumes; after an interruption while idle training can start")
    func noAutoResume() {
        let fixture = PitchMatchingFixture()
        fixture.interruptions.post(.audioInterruptionBegan)
        #expect(fixture.session.state == .idle)
        fixture.start(at: .playingTunable)
        fixture.interruptions.post(.audioInterruptionBegan)
        fixture.interruptions.post(.audioInterruptionEnded)
        fixture.clock.advance(seconds: 5)
        #expect(fixture.session.state == .idle)
    }

    @Test("a failing player stops the session: on the reference, on the first touch, on retuning", arguments: [0, 1, 2])
    func playerErrors(stage: Int) {
        let fixture = PitchMatchingFixture()
        switch stage {
        case 0:
            fixture.player.playError = MockAudioError()
            fixture.session.start()
        case 1:
            fixture.start(at: .awaitingTuning)
            fixture.player.playError = MockAudioError()
            fixture.session.adjust(0.1)
        default:
            fixture.start(at: .playingTunable)
            fixture.player.lastHandle?.adjustError = MockAudioError()
            fixture.session.adjust(0.1)
        }
        #expect(fixture.session.state == .idle)
        #expect(fixture.session.lastError == "the audio device is gone")
        #expect(fixture.player.soundingNotes.isEmpty)
        #expect(fixture.observer.completed.isEmpty)
        #expect(fixture.log.contains(level: .error, "note player failed"))
    }

    @Test("an observer's error is logged and the loop carries on")
    func observerError() {
        let fixture = PitchMatchingFixture()
        fixture.observer.error = ObserverFailure()
        fixture.start(at: .showingFeedback)
        #expect(fixture.log.contains(level: .error, "the disk is full"))
        fixture.clock.advance(seconds: 0.4)
        #expect(fixture.session.state == .playingReference)
    }
}
