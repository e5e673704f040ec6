import Foundation
import Testing
@testable import PeachDomain
import PeachTestSupport

/// A `stop()` that arrives from inside the trainer's own calls out — the status line's `onChange`,
/// an observer, a note that will not stop — is final: nothing the trainer was doing resumes after it.
@Suite("Re-entrant stop and failing notes")
@MainActor
struct ReentrancyTests {
    @Test("stop from onChange at every comparison state leaves the trainer idle and silent",
          arguments: [CompareTrainer.State.playingNote1, .playingNote2, .awaitingAnswer, .showingFeedback])
    func comparisonStopFromOnChange(target: CompareTrainer.State) {
        let fixture = CompareTrainerFixture()
        fixture.trainer.onChange = { [trainer = fixture.trainer] in
            if trainer.state == target { trainer.stop() }
        }
        fixture.trainer.start()
        fixture.clock.advance(seconds: 2)
        if fixture.trainer.state == .awaitingAnswer { fixture.trainer.answer(higher: true) }
        fixture.clock.advance(seconds: 5)
        #expect(fixture.trainer.state == .idle)
        #expect(fixture.player.soundingNotes.isEmpty)
        #expect(fixture.clock.pendingTimerCount == 0 || fixture.player.handles.allSatisfy { !$0.isSounding })
        #expect(fixture.player.handles.count <= 2)
    }

    @Test("an observer that stops the trainer on hearing an answer is not overruled")
    func comparisonStopFromObserver() {
        let fixture = CompareTrainerFixture()
        let stopper = StoppingObserver()
        let trainer = CompareTrainer(notePlayer: fixture.player, profile: fixture.profile,
                                     observers: [stopper, fixture.observer], settings: fixture.settings,
                                     clock: fixture.clock, interruptions: fixture.interruptions,
                                     random: SeededRandomGenerator(seed: 3))
        stopper.stop = { trainer.stop() }
        trainer.start()
        fixture.clock.advance(seconds: 2)
        trainer.answer(higher: true)
        #expect(trainer.state == .idle)
        fixture.clock.advance(seconds: 5)
        #expect(trainer.state == .idle)
        #expect(fixture.player.handles.count == 2)
    }

    @Test("stop from onChange at every pitch-matching state leaves the trainer idle and silent",
          arguments: [MatchTrainer.State.playingReference, .awaitingTuning, .playingTunable, .showingFeedback])
    func matchingStopFromOnChange(target: MatchTrainer.State) {
        let fixture = MatchTrainerFixture()
        fixture.trainer.onChange = { [trainer = fixture.trainer] in
            if trainer.state == target { trainer.stop() }
        }
        fixture.trainer.start()
        fixture.clock.advance(seconds: 1)
        fixture.trainer.adjust(0.2)
        fixture.trainer.commit()
        fixture.clock.advance(seconds: 5)
        #expect(fixture.trainer.state == .idle)
        #expect(fixture.player.soundingNotes.isEmpty)
    }

    @Test("a tunable note that will not stop is silenced with the whole player, and the result still counts")
    func wedgedTunableNote() throws {
        let fixture = MatchTrainerFixture()
        fixture.start(at: .playingTunable)
        let tunable = try #require(fixture.player.lastHandle)
        tunable.stopError = MockAudioError()
        fixture.trainer.commit()
        #expect(fixture.player.stopAllCount == 1)
        #expect(!tunable.isSounding)
        #expect(fixture.observer.completed.count == 1)
        #expect(fixture.log.contains(level: .warning, "silencing the player"))
    }

    @Test("a second note that will not stop after an answer is silenced too")
    func wedgedTargetNote() throws {
        let fixture = CompareTrainerFixture()
        fixture.start(at: .playingNote2)
        try #require(fixture.player.lastHandle).stopError = MockAudioError()
        fixture.trainer.answer(higher: true)
        #expect(fixture.player.stopAllCount == 1)
        #expect(fixture.player.soundingNotes.isEmpty)
    }

    @Test("the system clock never runs a timer cancelled after its wake-up was already queued")
    func systemClockLateCancel() async {
        let clock = SystemTrainingClock()
        var fired: [String] = []
        let cancelled = clock.schedule(after: .milliseconds(1)) { fired.append("cancelled") }
        // Hold the main actor past the deadline, so the wake-up is queued before cancel() runs.
        usleep(30_000)
        cancelled.cancel()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            _ = clock.schedule(after: .milliseconds(5)) {
                fired.append("kept")
                done.resume()
            }
        }
        #expect(fired == ["kept"])
    }

    @Test("note names with absurd octaves are no note, and do not crash")
    func hugeOctave() {
        #expect(MIDINote(name: "C9223372036854775806") == nil)
        #expect(MIDINote(name: "C-9223372036854775807") == nil)
        #expect(MIDINote(name: "C10") == nil)
    }
}

@MainActor
private final class StoppingObserver: CompareObserver {
    var stop: () -> Void = {}
    func compareAnswered(_ completed: CompareAnswer) throws { stop() }
}
