import Testing
@testable import PeachDomain
import PeachTestSupport

/// Story 15.2's interruption semantics, applied to comparisons.
@Suite("Comparison session: stop, interruptions, errors")
@MainActor
struct ComparisonSessionStopTests {
    nonisolated static let activeStates: [ComparisonSession.State] = [.playingNote1, .playingNote2, .awaitingAnswer, .showingFeedback]

    @Test("stop from each state: idle, silent, nothing recorded, nothing pending", arguments: activeStates)
    func stopFromEachState(state: ComparisonSession.State) {
        let fixture = ComparisonFixture()
        fixture.start(at: state)
        #expect(fixture.session.state == state)
        let recordedBefore = fixture.observer.completed.count
        fixture.session.stop()
        #expect(fixture.session.state == .idle)
        #expect(fixture.player.soundingNotes.isEmpty)
        #expect(fixture.player.stopAllCount == 1)
        #expect(fixture.session.currentComparison == nil)
        fixture.clock.advance(seconds: 10)
        #expect(fixture.session.state == .idle)
        #expect(fixture.observer.completed.count == recordedBefore)
        #expect(fixture.player.handles.count <= 2)
    }

    @Test("stop during note 2 discards the comparison: no observer hears of it")
    func stopDiscards() {
        let fixture = ComparisonFixture()
        fixture.start(at: .playingNote2)
        fixture.session.stop()
        fixture.session.answer(higher: true)
        #expect(fixture.observer.completed.isEmpty)
    }

    @Test("stop when idle does nothing, and stopping twice is safe")
    func idempotent() {
        let fixture = ComparisonFixture()
        fixture.session.stop()
        #expect(fixture.player.stopAllCount == 0)
        fixture.start(at: .playingNote2)
        fixture.session.stop()
        fixture.session.stop()
        #expect(fixture.session.state == .idle)
        #expect(fixture.player.stopAllCount == 1)
    }

    @Test("training starts again after a stop", arguments: activeStates)
    func restart(state: ComparisonSession.State) {
        let fixture = ComparisonFixture()
        fixture.start(at: state)
        fixture.session.stop()
        fixture.session.start()
        #expect(fixture.session.state == .playingNote1)
        fixture.clock.advance(seconds: 2)
        #expect(fixture.session.state == .awaitingAnswer)
        fixture.answerCorrectly()
        #expect(fixture.observer.completed.count == (state == .showingFeedback ? 2 : 1))
    }

    nonisolated static let stopping: [TrainingInterruption] = [
        .audioInterruptionBegan, .audioRouteChanged(.oldDeviceUnavailable),
        .controllerDisconnected(name: "VMTest Keys"), .shuttingDown,
    ]

    @Test("interruptions that take sound or hands away stop training from every state",
          arguments: stopping, activeStates)
    func stoppingInterruptions(interruption: TrainingInterruption, state: ComparisonSession.State) {
        let fixture = ComparisonFixture()
        fixture.start(at: state)
        fixture.interruptions.post(interruption)
        #expect(fixture.session.state == .idle)
        #expect(fixture.player.soundingNotes.isEmpty)
        #expect(fixture.log.contains(level: .info, "\(interruption)"))
    }

    @Test("an interruption ending, a new device or another route change do not stop training", arguments: [
        TrainingInterruption.audioInterruptionEnded, .audioRouteChanged(.newDeviceAvailable),
        .audioRouteChanged(.configurationChanged),
    ])
    func harmlessInterruptions(interruption: TrainingInterruption) {
        let fixture = ComparisonFixture()
        fixture.start(at: .playingNote2)
        fixture.interruptions.post(interruption)
        #expect(fixture.session.state == .playingNote2)
        fixture.clock.advance(seconds: 1)
        #expect(fixture.session.state == .awaitingAnswer)
    }

    @Test("when an interruption ends, training does not resume by itself")
    func noAutoResume() {
        let fixture = ComparisonFixture()
        fixture.start(at: .playingNote1)
        fixture.interruptions.post(.audioInterruptionBegan)
        fixture.interruptions.post(.audioInterruptionEnded)
        fixture.clock.advance(seconds: 5)
        #expect(fixture.session.state == .idle)
        #expect(fixture.player.handles.count == 1)
    }

    @Test("an interruption while idle is harmless")
    func interruptionWhileIdle() {
        let fixture = ComparisonFixture()
        fixture.interruptions.post(.audioInterruptionBegan)
        #expect(fixture.session.state == .idle)
        #expect(fixture.player.stopAllCount == 0)
        fixture.session.start()
        #expect(fixture.session.state == .playingNote1)
    }

    @Test("a player that fails to play stops the session and says why", arguments: [false, true])
    func playerErrorStops(onSecondNote: Bool) {
        let fixture = ComparisonFixture()
        if onSecondNote {
            fixture.session.start()
            fixture.player.playError = MockAudioError()
            fixture.clock.advance(seconds: 1)
        } else {
            fixture.player.playError = MockAudioError()
            fixture.session.start()
        }
        #expect(fixture.session.state == .idle)
        #expect(fixture.session.lastError == "the audio device is gone")
        #expect(fixture.player.soundingNotes.isEmpty)
        #expect(fixture.log.contains(level: .error, "the audio device is gone"))
        fixture.clock.advance(seconds: 5)
        #expect(fixture.session.state == .idle)
        fixture.player.playError = nil
        fixture.session.start()
        #expect(fixture.session.state == .playingNote1)
        #expect(fixture.session.lastError == nil)
    }

    @Test("stop completes even when silencing the player fails")
    func stopSurvivesPlayerErrors() {
        let fixture = ComparisonFixture()
        fixture.start(at: .playingNote2)
        fixture.player.stopAllError = MockAudioError()
        fixture.session.stop()
        #expect(fixture.session.state == .idle)
        #expect(fixture.log.contains(level: .warning, "silencing the player failed"))
    }

    @Test("an observer's error is logged and training goes on; other observers still hear of it")
    func observerErrorIsContained() {
        let failing = RecordingComparisonObserver()
        failing.error = ObserverFailure()
        let healthy = RecordingComparisonObserver()
        let clock = ManualTrainingClock()
        let player = MockNotePlayer(clock: clock)
        let log = LogCapture()
        let session = ComparisonSession(
            notePlayer: player, profile: StubDiscriminationProfile(), observers: [failing, healthy],
            settings: FixedSettingsProvider(), clock: clock, interruptions: TrainingInterruptionCenter(),
            random: SeededRandomGenerator(seed: 1), logger: log.logger)
        session.start()
        clock.advance(seconds: 2)
        session.answer(higher: true)
        #expect(session.state == .showingFeedback)
        #expect(healthy.completed.count == 1)
        #expect(log.contains(level: .error, "the disk is full"))
        clock.advance(seconds: 0.4)
        #expect(session.state == .playingNote1)
    }

    @Test("a session that is gone no longer listens for interruptions")
    func releasedSessionIsUnregistered() {
        let center = TrainingInterruptionCenter()
        weak var weakSession: ComparisonSession?
        do {
            let clock = ManualTrainingClock()
            let session = ComparisonSession(notePlayer: MockNotePlayer(clock: clock), profile: StubDiscriminationProfile(),
                                            settings: FixedSettingsProvider(), clock: clock, interruptions: center)
            weakSession = session
        }
        #expect(weakSession == nil)
        center.post(.shuttingDown)
    }
}
