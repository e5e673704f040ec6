import PeachDomain
import Testing
@testable import PeachMIDI

/// A keyboard with nothing but keys and a pitch wheel (no program change, pads or buttons) drives the
/// box with chords through the generic mapping; its keys still answer and its wheel still tunes.
/// Times are the events' own stamps (an injected clock), never the wall clock.
@Suite("Chord gesture on a keys-only keyboard")
struct ChordGestureTests {
    var keys = ControllerMapper(mapping: MappingLibrary.builtInGeneric)

    static func down(_ note: UInt8) -> MIDIMessage { .noteOn(channel: 0, note: note, velocity: 90) }
    static func up(_ note: UInt8) -> MIDIMessage { .noteOff(channel: 0, note: note, velocity: 0) }

    /// Plays `events` (time in ms, message) and ticks every millisecond in between, as the box does
    /// at each chord deadline: everything the mapper asks for, in order.
    mutating func play(_ events: [(Double, MIDIMessage)], until end: Double, skill: TrainingMode.Skill?) -> [ControllerAction] {
        var actions: [ControllerAction] = []
        var remaining = events[...]
        for millisecond in stride(from: 0.0, through: end, by: 1) {
            while let next = remaining.first, next.0 <= millisecond {
                actions += keys.actions(for: next.1, at: ms(next.0), skill: skill)
                remaining = remaining.dropFirst()
            }
            actions += keys.tick(at: ms(millisecond), skill: skill)
        }
        return actions
    }

    @Test("E G B struck together switches to Tune & Match, and none of its keys answers")
    mutating func chordSwitchesMode() {
        let actions = play([(100, Self.down(52)), (108, Self.down(55)), (115, Self.down(59)),
                            (400, Self.up(52)), (401, Self.up(55)), (402, Self.up(59))], until: 1000, skill: .compare)
        #expect(actions == [.start(.match)])
    }

    @Test("the lowest key names the chord, in any octave and inversion: C D E F modes, G report, A stop", arguments: [
        (UInt8(60), ControllerAction.start(.compare)), (74, .start(.compareIntervals)), (40, .start(.match)),
        (65, .start(.matchIntervals)), (43, .report), (81, .stop),
    ])
    func lowestKeyNames(root: UInt8, expected: ControllerAction) {
        var mapper = ControllerMapper(mapping: MappingLibrary.builtInGeneric)
        // The root struck last, the others above it: still the lowest key decides.
        var actions = mapper.actions(for: Self.down(root + 7), at: ms(0), skill: .match)
        actions += mapper.actions(for: Self.down(root + 4), at: ms(5), skill: .match)
        actions += mapper.actions(for: Self.down(root), at: ms(12), skill: .match)
        actions += mapper.tick(at: ms(500), skill: .match)
        #expect(actions == [expected])
    }

    @Test("single keys still answer, each once, also two struck together and a slow arpeggio")
    mutating func singleKeysAnswer() {
        let actions = play([
            (0, Self.down(72)), (60, Self.up(72)),                       // one key: higher
            (500, Self.down(48)), (510, Self.down(50)),                  // two together: two answers, no chord
            (1000, Self.down(52)), (1100, Self.down(55)), (1200, Self.down(59)),   // 100 ms apart: three answers
        ], until: 1500, skill: .compare)
        #expect(actions == [.answer(higher: true), .answer(higher: false), .answer(higher: false),
                            .answer(higher: false), .answer(higher: false), .answer(higher: false)])
    }

    @Test("a fourth key of the chord does nothing; the next key after the window answers")
    mutating func extraKeysSwallowed() {
        let actions = play([(0, Self.down(43)), (5, Self.down(47)), (10, Self.down(50)), (20, Self.down(55)),
                            (300, Self.down(67))], until: 600, skill: .compare)
        #expect(actions == [.report, .answer(higher: true)])
    }

    @Test("the wheel tunes at once while a key waits for its chord window, and its release commits")
    mutating func wheelStillTunes() {
        // A key at 0 (commit in Tune & Match) is held back; the wheel moved at 10 ms tunes immediately.
        #expect(keys.actions(for: Self.down(60), at: ms(0), skill: .match) == [])
        #expect(keys.actions(for: .pitchBend(channel: 0, value: 4000), at: ms(10), skill: .match)
                == [.adjustTuning(controlValue: expectedHeld(4000))])
        #expect(keys.tick(at: ms(80), skill: .match) == [.commitTuning(heldValue: nil)])
        // Tuning goes on, and the spring-back release commits the held value.
        var actions: [ControllerAction] = []
        for (time, value) in [(1000.0, Int16(2000)), (1500, 3000), (1505, 900), (1509, 0)] {
            actions += keys.actions(for: .pitchBend(channel: 0, value: value), at: ms(time), skill: .match)
        }
        #expect(actions.last == .commitTuning(heldValue: expectedHeld(3000)))
    }

    @Test("a later message lets a waiting key go first, in the order played")
    mutating func laterMessageFlushes() {
        #expect(keys.actions(for: Self.down(72), at: ms(0), skill: .compare) == [])
        #expect(keys.chordDeadline == ms(80))
        #expect(keys.actions(for: .programChange(channel: 0, program: 4), at: ms(200), skill: .compare)
                == [.answer(higher: true), .stop])
        #expect(keys.chordDeadline == nil)
    }

    @Test("program changes still switch modes and stop, and 5 asks for the report")
    mutating func programChangeStillWorks() {
        #expect(keys.actions(for: .programChange(channel: 0, program: 2), at: 0, skill: .compare) == [.start(.match)])
        #expect(keys.actions(for: .programChange(channel: 0, program: 5), at: 0, skill: .match) == [.report])
    }

    @Test("a mapping without chords answers a key at once")
    func withoutChords() {
        var mapper = ControllerMapper(mapping: ControllerMapping(name: "K", file: "k.yaml", match: [NamePattern("K")],
                                                                 higher: [.notes(60...127)]))
        #expect(mapper.actions(for: Self.down(60), at: 0, skill: .compare) == [.answer(higher: true)])
        #expect(mapper.chordDeadline == nil)
    }
}
