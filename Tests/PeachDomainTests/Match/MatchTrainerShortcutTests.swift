import Foundation
import PeachTestSupport
import Testing
@testable import PeachDomain

/// The trainer tells the input side which note the tuning control moves, and how, only
/// while the tunable note waits for the first touch (which may start it) or sounds; the route's
/// pitches are the trainer's own.
@Suite("Match trainer: the tuning control's short way")
@MainActor
struct MatchTrainerShortcutTests {
    @Test("before the first touch a route to the prepared, silent tunable note awaits it; the touch starts that note")
    func routeAwaitsFirstTouch() throws {
        let shortcut = RecordingTuningShortcut()
        let fixture = MatchTrainerFixture(shortcut: shortcut)
        fixture.start(at: .playingReference)
        #expect(shortcut.routes.isEmpty, "a route while the reference note sounds")
        fixture.clock.advance(seconds: fixture.noteSeconds)
        #expect(fixture.trainer.state == .awaitingTuning)
        let waiting = try #require(shortcut.current)
        #expect(waiting.awaitsFirstTouch)
        let tunable = try #require(fixture.player.lastHandle)
        #expect(waiting.note as? MockDirectNote === tunable.directNote)
        #expect(tunable.awaitsFirstTouch && !tunable.isSounding, "the prepared note sounds before the touch")
        #expect(waiting.frequency(at: 0) == fixture.trainer.tunableFrequency)

        fixture.trainer.adjust(-0.5)
        #expect(fixture.player.lastHandle === tunable, "the first touch started another note")
        #expect(tunable.isSounding)
        #expect(tunable.frequencies == [try #require(fixture.trainer.tunableFrequency)])
        let playing = try #require(shortcut.current)
        #expect(!playing.awaitsFirstTouch)
        #expect(playing.note as? MockDirectNote === tunable.directNote)
    }

    @Test("stopping before the first touch releases the prepared note and withdraws its route")
    func stopBeforeFirstTouch() throws {
        let shortcut = RecordingTuningShortcut()
        let fixture = MatchTrainerFixture(shortcut: shortcut)
        fixture.start(at: .awaitingTuning)
        let tunable = try #require(fixture.player.lastHandle)
        #expect(shortcut.current?.awaitsFirstTouch == true)
        fixture.trainer.stop()
        #expect(tunable.stopCallCount == 1)
        #expect(shortcut.current == nil)
        fixture.trainer.adjust(0.5)
        #expect(!tunable.isSounding && tunable.frequencies.count == 1, "a touch after the stop started the note")
    }

    @Test("the first touch's route carries the tunable note, with the trainer's pitch for every value")
    func routeWhileTunableSounds() throws {
        let shortcut = RecordingTuningShortcut()
        let settings = TrainingSettings(intervals: [DirectedInterval(.majorThird, .up)], tuningSystem: .justIntonation,
                                        pitchMatchingTuningRange: 60)
        let fixture = MatchTrainerFixture(settings: settings, shortcut: shortcut)
        fixture.start(at: .awaitingTuning, scope: .intervals)
        fixture.trainer.adjust(0.25)
        let route = try #require(shortcut.current)
        let tunable = try #require(fixture.player.lastHandle)
        #expect(route.note as? MockDirectNote === tunable.directNote)
        for value in [-1, -0.3, 0, 0.42, 0.999, 1, 3] {
            fixture.trainer.adjust(value)
            let trainers = try #require(fixture.trainer.tunableFrequency)
            let routes = try #require(route.frequency(at: value))
            #expect(abs(routes.cents(from: trainers).rawValue) < 1e-9, "at \(value)")
        }
        #expect(route.frequency(at: .nan) == nil)
    }

    @Test("the commit withdraws the route before the note is released; the next note gets its own")
    func commitWithdraws() throws {
        let shortcut = RecordingTuningShortcut()
        let fixture = MatchTrainerFixture(shortcut: shortcut)
        fixture.start(at: .playingTunable)
        let first = try #require(shortcut.current?.note as? MockDirectNote)
        fixture.trainer.commit()
        #expect(shortcut.routes.count == 3, "the route awaiting the touch, the one after it, none")
        #expect(shortcut.current == nil)
        fixture.clock.advance(seconds: 0.4 + fixture.noteSeconds)
        let second = try #require(shortcut.current?.note as? MockDirectNote)
        #expect(first !== second)
    }

    @Test("stop and an interruption withdraw the route", arguments: [false, true])
    func stopWithdraws(interrupted: Bool) throws {
        let shortcut = RecordingTuningShortcut()
        let fixture = MatchTrainerFixture(shortcut: shortcut)
        fixture.start(at: .playingTunable)
        #expect(shortcut.current != nil)
        if interrupted { fixture.interruptions.post(.audioInterruptionBegan) } else { fixture.trainer.stop() }
        #expect(shortcut.current == nil)
        #expect(fixture.trainer.state == .idle)
    }

    @Test("a player without a way from other threads gets no route")
    func noDirectWay() {
        let shortcut = RecordingTuningShortcut()
        let fixture = MatchTrainerFixture(shortcut: shortcut)
        fixture.player.offersDirectTuning = false
        fixture.start(at: .playingTunable)
        #expect(shortcut.routes.isEmpty)
    }
}
