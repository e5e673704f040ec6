import Testing
@testable import PeachDomain
import PeachTestSupport

/// Story 15.2's interruption semantics, applied to Hear & Compare.
@Suite("Compare trainer: stop, interruptions, errors")
@MainActor
struct CompareTrainerStopTests {
    nonisolated static let activeStates: [CompareTrainer.State] = [.playingNote1, .playingNote2, .awaitingAnswer, .showingFeedback]

    @Test("stop from each state: idle, silent, nothing recorded, nothing pending", arguments: activeStates)
    func stopFromEachState(state: CompareTrainer.State) {
        let fixture = CompareTrainerFixture()
        fixture.start(at: state)
        #expect(fixture.trainer.state == state)
        let recordedBefore = fixture.observer.completed.count
        fixture.trainer.stop()
        #expect(fixture.trainer.state == .idle)
        #expect(fixture.player.soundingNotes.isEmpty)
        #expect(fixture.player.stopAllCount == 1)
        #expect(fixture.trainer.currentExercise == nil)
        fixture.clock.advance(seconds: 10)
        #expect(fixture.trainer.state == .idle)
        #expect(fixture.observer.completed.count == recordedBefore)
        #expect(fixture.player.handles.count <= 2)
    }

    @Test("stop during note 2 discards the exercise: no observer hears of it")
    func stopDiscards() {
        let fixture = CompareTrainerFixture()
        fixture.start(at: .playingNote2)
        fixture.trainer.stop()
        fixture.trainer.answer(higher: true)
        #expect(fixture.observer.completed.isEmpty)
    }

    @Test("stop when idle does nothing, and stopping twice is safe")
    func idempotent() {
        let fixture = CompareTrainerFixture()
        fixture.trainer.stop()
        #expect(fixture.player.stopAllCount == 0)
        fixture.start(at: .playingNote2)
        fixture.trainer.stop()
        fixture.trainer.stop()
        #expect(fixture.trainer.state == .idle)
        #expect(fixture.player.stopAllCount == 1)
    }

    @Test("training starts again after a stop", arguments: activeStates)
    func restart(state: CompareTrainer.State) {
        let fixture = CompareTrainerFixture()
        fixture.start(at: state)
        fixture.trainer.stop()
        fixture.trainer.start()
        #expect(fixture.trainer.state == .playingNote1)
        fixture.clock.advance(seconds: 2)
        #expect(fixture.trainer.state == .awaitingAnswer)
        fixture.answerCorrectly()
        #expect(fixture.observer.completed.count == (state == .showingFeedback ? 2 : 1))
    }

    nonisolated static let stopping: [TrainingInterruption] = [
        .audioInterruptionBegan, .audioRouteChanged(.oldDeviceUnavailable),
        .controllerDisconnected(name: "VMTest Keys"), .shuttingDown,
    ]

    @Test("interruptions that take sound or hands away stop training from every state",
          arguments: stopping, activeStates)
    func stoppingInterruptions(interruption: TrainingInterruption, state: CompareTrainer.State) {
        let fixture = CompareTrainerFixture()
        fixture.start(at: state)
        fixture.interruptions.post(interruption)
        #expect(fixture.trainer.state == .idle)
        #expect(fixture.player.soundingNotes.isEmpty)
        #expect(fixture.log.contains(level: .info, "\(interruption)"))
    }

    @Test("an interruption ending, a new device or another route change do not stop training", arguments: [
        TrainingInterruption.audioInterruptionEnded, .audioRouteChanged(.newDeviceAvailable),
        .audioRouteChanged(.configurationChanged),
    ])
    func harmlessInterruptions(interruption: TrainingInterruption) {
        let fixture = CompareTrainerFixture()
        fixture.start(at: .playingNote2)
        fixture.interruptions.post(interruption)
        #expect(fixture.trainer.state == .playingNote2)
        fixture.clock.advance(seconds: 1)
        #expect(fixture.trainer.state == .awaitingAnswer)
    }

    @Test("when an interruption ends, training does not resume by itself")
    func noAutoResume() {
        let fixture = CompareTrainerFixture()
        fixture.start(at: .playingNote1)
        fixture.interruptions.post(.audioInterruptionBegan)
        fixture.interruptions.post(.audioInterruptionEnded)
        fixture.clock.advance(seconds: 5)
        #expect(fixture.trainer.state == .idle)
        #expect(fixture.player.handles.count == 1)
    }

    @Test("an interruption while idle is harmless")
    func interruptionWhileIdle() {
        let fixture = CompareTrainerFixture()
        fixture.interruptions.post(.audioInterruptionBegan)
        #expect(fixture.trainer.state == .idle)
        #expect(fixture.player.stopAllCount == 0)
        fixture.trainer.start()
        #expect(fixture.trainer.state == .playingNote1)
    }

    @Test("a player that fails to play stops the trainer and says why", arguments: [false, true])
    func playerErrorStops(onSecondNote: Bool) {
        let fixture = CompareTrainerFixture()
        if onSecondNote {
            fixture.trainer.start()
            fixture.player.playError = MockAudioError()
            fixture.clock.advance(seconds: 1)
        } else {
            fixture.player.playError = MockAudioError()
            fixture.trainer.start()
        }
        #expect(fixture.trainer.state == .idle)
        #expect(fixture.trainer.lastError == "the audio device is gone")
        #expect(fixture.player.soundingNotes.isEmpty)
        #expect(fixture.log.contains(level: .error, "the audio device is gone"))
        fixture.clock.advance(seconds: 5)
        #expect(fixture.trainer.state == .idle)
        fixture.player.playError = nil
        fixture.trainer.start()
        #expect(fixture.trainer.state == .playingNote1)
        #expect(fixture.trainer.lastError == nil)
    }

    @Test("stop completes even when silencing the player fails")
    func stopSurvivesPlayerErrors() {
        let fixture = CompareTrainerFixture()
        fixture.start(at: .playingNote2)
        fixture.player.stopAllError = MockAudioError()
        fixture.trainer.stop()
        #expect(fixture.trainer.state == .idle)
        #expect(fixture.log.contains(level: .warning, "silencing the player failed"))
    }

    @Test("an observer's error is logged and training goes on; other observers still hear of it")
    func observerErrorIsContained() {
        let failing = RecordingCompareObserver()
        failing.error = ObserverFailure()
        let healthy = RecordingCompareObserver()
        let clock = ManualTrainingClock()
        let player = MockNotePlayer(clock: clock)
        let log = LogCapture()
        let trainer = CompareTrainer(
            notePlayer: player, profile: StubCompareProfile(), observers: [failing, healthy],
            settings: FixedSettingsProvider(), clock: clock, interruptions: TrainingInterruptionCenter(),
            random: SeededRandomGenerator(seed: 1), logger: log.logger)
        trainer.start()
        clock.advance(seconds: 2)
        trainer.answer(higher: true)
        #expect(trainer.state == .showingFeedback)
        #expect(healthy.completed.count == 1)
        #expect(log.contains(level: .error, "the disk is full"))
        clock.advance(seconds: 0.4)
        #expect(trainer.state == .playingNote1)
    }

    @Test("a trainer that is gone no longer listens for interruptions")
    func releasedSessionIsUnregistered() {
        let center = TrainingInterruptionCenter()
        weak var weakSession: CompareTrainer?
        do {
            let clock = ManualTrainingClock()
            let trainer = CompareTrainer(notePlayer: MockNotePlayer(clock: clock), profile: StubCompareProfile(),
                                         settings: FixedSettingsProvider(), clock: clock, interruptions: center)
            weakSession = trainer
        }
        #expect(weakSession == nil)
        center.post(.shuttingDown)
    }
}
