import PeachDomain
import Testing
@testable import PeachMIDI

@Suite("Controller mapper: the rhythm modes")
struct ControllerMapperRhythmTests {
    var generic = ControllerMapper(mapping: MappingLibrary.builtInGeneric)

    @Test("generic, Compare Timing: the answer keys say late (higher) and early (lower)")
    mutating func timingAnswers() {
        _ = generic.actions(for: .noteOn(channel: 0, note: 72, velocity: 90), at: 0, skill: .compareTiming)
        #expect(generic.tick(at: ms(80), skill: .compareTiming) == [.answer(higher: true)])
        _ = generic.actions(for: .noteOn(channel: 0, note: 40, velocity: 90), at: ms(500), skill: .compareTiming)
        #expect(generic.tick(at: ms(580), skill: .compareTiming) == [.answer(higher: false)])
    }

    @Test("generic, Fill the Gap: a key taps as it goes down, not after the chord window, and only once; a chord still chooses a mode")
    mutating func genericTaps() {
        #expect(generic.actions(for: .noteOn(channel: 0, note: 64, velocity: 90), at: ms(1_000), skill: .fillTheGap)
                == [.tap(at: ms(1_000))])
        #expect(generic.tick(at: ms(1_080), skill: .fillTheGap) == [])
        var actions: [ControllerAction] = []
        for (index, note) in [61, 65, 68].enumerated() {
            actions += generic.actions(for: .noteOn(channel: 0, note: UInt8(note), velocity: 90), at: ms(2_000 + Double(index)),
                                       skill: .fillTheGap)
        }
        actions += generic.tick(at: ms(2_200), skill: .fillTheGap)
        // Each key tapped as it went down (strays beside the gaps); the chord chose its mode.
        #expect(actions == [.tap(at: ms(2_000)), .tap(at: ms(2_001)), .tap(at: ms(2_002)), .start(.fillTheGap)])
        // In Hear & Compare a key still waits out the window.
        #expect(generic.actions(for: .noteOn(channel: 0, note: 64, velocity: 90), at: ms(3_000), skill: .compare) == [])
        #expect(generic.tick(at: ms(3_080), skill: .compare) == [.answer(higher: true)])
    }

    @Test("pads, Fill the Gap: any key taps at once, even one no control names; a mode pad still chooses its mode")
    func padsTap() throws {
        let yaml = ["name: pads", "match: pads", "reference: test", "answers:", "  higher: {notes: 40..43}",
                    "  lower: {notes: 36..39}", "modes:", "  fill-the-gap: {note: 50}"].joined(separator: "\n")
        var pads = ControllerMapper(mapping: try MappingFile.parse(yaml, file: "pads.yaml"))
        #expect(pads.actions(for: .noteOn(channel: 0, note: 41, velocity: 90), at: ms(7), skill: .fillTheGap) == [.tap(at: ms(7))])
        #expect(pads.actions(for: .noteOn(channel: 0, note: 90, velocity: 90), at: ms(9), skill: .fillTheGap) == [.tap(at: ms(9))])
        #expect(pads.actions(for: .noteOn(channel: 0, note: 50, velocity: 90), at: ms(11), skill: .fillTheGap) == [.start(.fillTheGap)])
        #expect(pads.actions(for: .noteOn(channel: 0, note: 41, velocity: 90), at: ms(13), skill: .compare) == [.answer(higher: true)])
    }

    func ms(_ value: Double) -> UInt64 { UInt64(value * 1_000_000) }
}
