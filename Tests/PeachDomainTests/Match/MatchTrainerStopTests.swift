import Testing
@testable import PeachDomain
import PeachTestSupport

/// Story 15.2: interruption and lifecycle handling, with Linux's interruption sources.
@Suite("Match trainer: stop, interruptions, errors")
@MainActor
struct MatchTrainerStopTests {
    nonisolated static let activeStates: [MatchTrainer.State] = [
        .playingReference, .awaitingTuning, .playingTunable, .showingFeedback,
    ]

    @Test("stop from each state: idle, silent, attempt discarded, nothing pending", arguments: activeStates)
    func stopFromEachState(state: MatchTrainer.State) {
        let fixture = MatchTrainerFixture()
        fixture.start(at: state)
        #expect(fixture.trainer.state == state)
        let recordedBefore = fixture.observer.completed.count
        let notesBefore = fixture.player.handles.count
        fixture.trainer.stop()
        #expect(fixture.trainer.state == .idle)
        #expect(fixture.player.soundingNotes.isEmpty)
        #expect(fixture.player.stopAllCount == 1)
        #expect(fixture.trainer.currentExercise == nil)
        fixture.clock.advance(seconds: 10)
        fixture.trainer.adjust(0.5)
        fixture.trainer.commit()
        #expect(fixture.trainer.state == .idle)
        #expect(fixture.observer.completed.count == recordedBefore)
        #expect(fixture.player.handles.count == notesBefore)
    }

    @Test("stop while the tunable note sounds stops that note through its handle and records nothing")
    func stopDuringTunable() throws {
        let fixture = MatchTrainerFixture()
        fixture.start(at: .playingTunable)
        let tunable = try #require(fixture.player.lastHandle)
        fixture.trainer.stop()
        #expect(tunable.stopCallCount == 1)
        #expect(fixture.observer.completed.isEmpty)
    }

    @Test("stop during the feedback pause cancels the next exercise")
    func stopDuringFeedback() {
        let fixture = MatchTrainerFixture()
        fixture.start(at: .showingFeedback)
        fixture.trainer.stop()
        fixture.clock.advance(seconds: 1)
        #expect(fixture.trainer.state == .idle)
        #expect(fixture.player.handles.count == 2)
    }

    @Test("stop when idle does nothing, and stopping twice is safe")
    func idempotent() {
        let fixture = MatchTrainerFixture()
        fixture.trainer.stop()
        #expect(fixture.player.stopAllCount == 0)
        fixture.start(at: .playingTunable)
        fixture.trainer.stop()
        fixture.trainer.stop()
        #expect(fixture.player.stopAllCount == 1)
    }

    @Test("training starts again after a stop", arguments: activeStates)
    func restart(state: MatchTrainer.State) {
        let fixture = MatchTrainerFixture()
        fixture.start(at: state)
        fixture.trainer.stop()
        fixture.trainer.start()
        #expect(fixture.trainer.state == .playingReference)
        fixture.clock.advance(seconds: 1)
        fixture.trainer.adjust(0)
        #expect(fixture.trainer.state == .playingTunable)
    }

    nonisolated static let stopping: [TrainingInterruption] = [
        .audioInterruptionBegan, .audioRouteChanged(.oldDeviceUnavailable),
        .controllerDisconnected(name: "Arturia MiniLab"), .shuttingDown,
    ]

    @Test("stopping interruptions stop from every state, with nothing recorded", arguments: stopping, activeStates)
    func stoppingInterruptions(interruption: TrainingInterruption, state: MatchTrainer.State) {
        let fixture = MatchTrainerFixture()
        fixture.start(at: state)
        let recorded = fixture.observer.completed.count
        fixture.interruptions.post(interruption)
        #expect(fixture.trainer.state == .idle)
        #expect(fixture.player.soundingNotes.isEmpty)
        #expect(fixture.observer.completed.count == recorded)
    }

    @Test("harmless events leave training running", arguments: [
        TrainingInterruption.audioInterruptionEnded, .audioRouteChanged(.newDeviceAvailable),
        .audioRouteChanged(.configurationChanged),
    ])
    func harmless(interruption: TrainingInterruption) {
        let fixture = MatchTrainerFixture()
        fixture.start(at: .playingTunable)
        fixture.interruptions.post(interruption)
        #expect(fixture.trainer.state == .playingTunable)
        #expect(fixture.player.lastHandle?.isSounding == true)
    }

    @Test("after an interruption ends nothing resumes; after an interruption while idle training can start")
    func noAutoResume() {
        let fixture = MatchTrainerFixture()
        fixture.interruptions.post(.audioInterruptionBegan)
        #expect(fixture.trainer.state == .idle)
        fixture.start(at: .playingTunable)
        fixture.interruptions.post(.audioInterruptionBegan)
        fixture.interruptions.post(.audioInterruptionEnded)
        fixture.clock.advance(seconds: 5)
        #expect(fixture.trainer.state == .idle)
    }

    @Test("a failing player stops the trainer: on the reference, on the first touch, on retuning", arguments: [0, 1, 2])
    func playerErrors(stage: Int) {
        let fixture = MatchTrainerFixture()
        switch stage {
        case 0:
            fixture.player.playError = MockAudioError()
            fixture.trainer.start()
        case 1:
            fixture.start(at: .awaitingTuning)
            fixture.player.playError = MockAudioError()
            fixture.trainer.adjust(0.1)
        default:
            fixture.start(at: .playingTunable)
            fixture.player.lastHandle?.adjustError = MockAudioError()
            fixture.trainer.adjust(0.1)
        }
        #expect(fixture.trainer.state == .idle)
        #expect(fixture.trainer.lastError == "the audio device is gone")
        #expect(fixture.player.soundingNotes.isEmpty)
        #expect(fixture.observer.completed.isEmpty)
        #expect(fixture.log.contains(level: .error, "note player failed"))
    }

    @Test("an observer's error is logged and the loop carries on")
    func observerError() {
        let fixture = MatchTrainerFixture()
        fixture.observer.error = ObserverFailure()
        fixture.start(at: .showingFeedback)
        #expect(fixture.log.contains(level: .error, "the disk is full"))
        fixture.clock.advance(seconds: 0.4)
        #expect(fixture.trainer.state == .playingReference)
    }
}
