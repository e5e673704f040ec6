import PeachDomain
import PeachTestSupport
import Testing
@testable import PeachMIDI

/// What the input thread does with a message before it goes on to the main actor.
@Suite("the tuning control's short way on the input thread")
struct DirectTuningTests {
    static let wheel = ControllerMapping(name: "Keys", file: "k.yaml", tuning: .pitchWheel(channel: 2),
                                         wheel: WheelSettings(neutralZone: 0.05))
    static let fader = ControllerMapping(name: "Faders", file: "f.yaml", tuning: .controlChange(controller: 7, channel: nil),
                                         commit: [ControlTrigger(.controlChange(22))])

    static func followed() -> (DirectTuning, MockDirectNote, TuningRoute) {
        let tuning = DirectTuning()
        let note = MockDirectNote()
        let route = TuningRoute(note: note, centre: 523.25, range: Cents(100))
        tuning.follow(route)
        return (tuning, note, route)
    }

    @Test("a wheel move on the mapping's channel moves the note to the session's pitch, stamped with its time")
    func wheelMove() throws {
        let (tuning, note, route) = Self.followed()
        #expect(tuning.deliver(.pitchBend(channel: 2, value: 4096), mappedBy: Self.wheel, at: 42))
        let expected = try #require(route.frequency(at: WheelPosition.outsideNeutralZone(4096.0 / 8064, neutralZone: 0.05)))
        #expect(note.moves.count == 1)
        #expect(note.moves.first?.frequency == expected)
        #expect(note.moves.first?.causedAt == 42)
        // Inside the neutral zone: the centre, as the mapper reads it.
        #expect(tuning.deliver(.pitchBend(channel: 2, value: 100), mappedBy: Self.wheel, at: 43))
        #expect(note.moves.last?.frequency == route.centre)
    }

    @Test("other channels, other messages and a fader mapping's wheel move nothing")
    func otherMessages() {
        let (tuning, note, _) = Self.followed()
        #expect(!tuning.deliver(.pitchBend(channel: 0, value: 4096), mappedBy: Self.wheel, at: 1))
        #expect(!tuning.deliver(.noteOn(channel: 2, note: 60, velocity: 90), mappedBy: Self.wheel, at: 2))
        #expect(!tuning.deliver(.controlChange(channel: 2, controller: 7, value: 90), mappedBy: Self.wheel, at: 3))
        #expect(!tuning.deliver(.pitchBend(channel: 0, value: 4096), mappedBy: Self.fader, at: 4))
        #expect(!tuning.deliver(.controlChange(channel: 0, controller: 22, value: 127), mappedBy: Self.fader, at: 5))
        #expect(note.moves.isEmpty)
    }

    @Test("a fader tunes over its whole travel, on any channel when the mapping names none")
    func faderMove() throws {
        let (tuning, note, route) = Self.followed()
        #expect(tuning.deliver(.controlChange(channel: 5, controller: 7, value: 0), mappedBy: Self.fader, at: 1))
        #expect(tuning.deliver(.controlChange(channel: 0, controller: 7, value: 127), mappedBy: Self.fader, at: 2))
        #expect(note.moves.map(\.frequency) == [try #require(route.frequency(at: -1)), try #require(route.frequency(at: 1))])
    }

    @Test("a note awaiting its first touch: the wheel in its neutral zone does not start it, out of it it does, once")
    func firstTouch() throws {
        let tuning = DirectTuning()
        let note = MockDirectNote()
        let route = TuningRoute(note: note, centre: 523.25, range: Cents(100), awaitsFirstTouch: true)
        tuning.follow(route)
        // A wheel resting near its centre sends small values: the mapper starts no gesture there.
        #expect(!tuning.deliver(.pitchBend(channel: 2, value: 200), mappedBy: Self.wheel, at: 1))
        #expect(note.moves.isEmpty)
        #expect(tuning.deliver(.pitchBend(channel: 2, value: -2000), mappedBy: Self.wheel, at: 2))
        let expected = try #require(route.frequency(at: WheelPosition.outsideNeutralZone(-2000.0 / 8192, neutralZone: 0.05)))
        #expect(abs((try #require(note.moves.first?.frequency)).cents(from: expected).rawValue) < 1e-9)
        // Started: from now on every move counts, the centre too, until the session's own route comes.
        #expect(tuning.deliver(.pitchBend(channel: 2, value: 100), mappedBy: Self.wheel, at: 3))
        #expect(note.moves.map(\.causedAt) == [2, 3])
    }

    @Test("a fader starts a note awaiting its first touch anywhere on its travel")
    func faderFirstTouch() {
        let tuning = DirectTuning()
        let note = MockDirectNote()
        tuning.follow(TuningRoute(note: note, centre: 523.25, range: Cents(100), awaitsFirstTouch: true))
        #expect(tuning.deliver(.controlChange(channel: 0, controller: 7, value: 64), mappedBy: Self.fader, at: 1))
        #expect(note.moves.count == 1)
    }

    @Test("without a route (before the tunable note, after the commit) nothing moves")
    func noRoute() {
        let (tuning, note, _) = Self.followed()
        tuning.follow(nil)
        #expect(!tuning.deliver(.pitchBend(channel: 2, value: 4096), mappedBy: Self.wheel, at: 1))
        #expect(note.moves.isEmpty)
    }

    @Test("the mapper reads the same tuning values as the short way")
    func sameReading() {
        var mapper = ControllerMapper(mapping: Self.fader)
        for value: UInt8 in [0, 31, 64, 127] {
            let message = MIDIMessage.controlChange(channel: 0, controller: 7, value: value)
            #expect(mapper.actions(for: message, at: UInt64(value), skill: .match)
                    == [.adjustTuning(controlValue: Self.fader.tuningValue(of: message)!)])
        }
    }
}
