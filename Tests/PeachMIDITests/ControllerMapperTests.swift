import PeachDomain
import Testing
@testable import PeachMIDI

@Suite("Controller mapper")
struct ControllerMapperTests {
    var generic = ControllerMapper(mapping: MappingLibrary.builtInGeneric)

    @Test("generic, Hear & Compare: keys from middle C answer higher, below lower, once the chord window has passed; note-offs do nothing")
    mutating func keysAnswer() {
        #expect(generic.actions(for: .noteOn(channel: 0, note: 60, velocity: 90), at: 0, skill: .compare) == [])
        #expect(generic.tick(at: ms(79), skill: .compare) == [])
        #expect(generic.tick(at: ms(80), skill: .compare) == [.answer(higher: true)])
        #expect(generic.actions(for: .noteOn(channel: 5, note: 59, velocity: 90), at: ms(500), skill: .compare) == [])
        #expect(generic.tick(at: ms(580), skill: .compare) == [.answer(higher: false)])
        #expect(generic.actions(for: .noteOff(channel: 0, note: 60, velocity: 0), at: ms(600), skill: .compare) == [])
    }

    @Test("generic, Hear & Compare: a wheel flick answers, once per flick")
    mutating func flickAnswers() {
        let values: [Int16] = [0, 3000, 6000, 8191, 2000, 0, -5000, -8192, 0]
        let actions = values.enumerated().flatMap { generic.actions(for: .pitchBend(channel: 0, value: $1), at: ms(Double($0)), skill: .compare) }
        #expect(actions == [.answer(higher: true), .answer(higher: false)])
    }

    @Test("generic, Tune & Match: the wheel tunes and its release commits the held value")
    mutating func wheelTunes() {
        var actions: [ControllerAction] = []
        for (time, value) in [(0.0, Int16(2000)), (10, 4000), (800, 2500), (805, 800), (809, 0)] {
            actions += generic.actions(for: .pitchBend(channel: 0, value: value), at: ms(time), skill: .match)
        }
        #expect(actions.first == .adjustTuning(controlValue: expectedHeld(2000)))
        #expect(actions.last == .commitTuning(heldValue: expectedHeld(4000)))
        #expect(actions.filter { if case .commitTuning = $0 { true } else { false } }.count == 1)
    }

    @Test("generic, Tune & Match: keys commit the current value instead of answering")
    mutating func keysCommitInMatching() {
        #expect(generic.actions(for: .noteOn(channel: 0, note: 72, velocity: 90), at: 0, skill: .match) == [])
        #expect(generic.tick(at: ms(80), skill: .match) == [.commitTuning(heldValue: nil)])
    }

    @Test("program changes pick a mode and stop, whatever is being trained")
    mutating func modes() {
        #expect(generic.actions(for: .programChange(channel: 0, program: 0), at: 0, skill: nil) == [.start(.compare)])
        #expect(generic.actions(for: .programChange(channel: 0, program: 3), at: 0, skill: .compare) == [.start(.matchIntervals)])
        #expect(generic.actions(for: .programChange(channel: 0, program: 4), at: 0, skill: .match) == [.stop])
        #expect(generic.actions(for: .programChange(channel: 0, program: 100), at: 0, skill: .match) == [])
    }

    @Test("idle: answers and the wheel do nothing")
    mutating func idle() {
        #expect(generic.actions(for: .noteOn(channel: 0, note: 60, velocity: 90), at: 0, skill: nil) == [])
        #expect(generic.actions(for: .pitchBend(channel: 0, value: 8000), at: 0, skill: nil) == [])
    }

    @Test("switching skill while the wheel is up starts a fresh gesture")
    mutating func skillSwitch() {
        _ = generic.actions(for: .pitchBend(channel: 0, value: 8000), at: ms(0), skill: .compare)
        // Now in matching with the wheel still up: it tunes, it does not answer.
        #expect(generic.actions(for: .pitchBend(channel: 0, value: 7000), at: ms(5), skill: .match)
                == [.adjustTuning(controlValue: expectedHeld(7000))])
    }

    static let fader = ControllerMapping(
        name: "Fader box", file: "f.yaml", match: [NamePattern("Fader")],
        tuning: .controlChange(controller: 7, channel: 0),
        higher: [ControlTrigger(.controlChange(20))], lower: [ControlTrigger(.controlChange(21))],
        commit: [ControlTrigger(.controlChange(22))], stop: [ControlTrigger(.controlChange(23), channel: 1)])

    @Test("a fader tunes over its whole travel; its commit is an explicit button")
    func faderTuning() {
        var mapper = ControllerMapper(mapping: Self.fader)
        #expect(mapper.actions(for: .controlChange(channel: 0, controller: 7, value: 0), at: 0, skill: .match) == [.adjustTuning(controlValue: -1)])
        #expect(mapper.actions(for: .controlChange(channel: 0, controller: 7, value: 127), at: 1, skill: .match) == [.adjustTuning(controlValue: 1)])
        #expect(mapper.actions(for: .controlChange(channel: 1, controller: 7, value: 127), at: 1, skill: .match) == [])
        #expect(mapper.actions(for: .controlChange(channel: 0, controller: 22, value: 127), at: 2, skill: .match) == [.commitTuning(heldValue: nil)])
        #expect(mapper.actions(for: .controlChange(channel: 0, controller: 7, value: 90), at: 3, skill: .compare) == [])
    }

    @Test("CC buttons fire on the press (rise to 64+), not the release; a repeated 127 is a new press")
    func buttons() {
        var mapper = ControllerMapper(mapping: Self.fader)
        var actions: [ControllerAction] = []
        for value: UInt8 in [127, 0, 127, 127, 100, 0] {
            actions += mapper.actions(for: .controlChange(channel: 3, controller: 20, value: value), at: 0, skill: .compare)
        }
        #expect(actions == Array(repeating: .answer(higher: true), count: 3))
        #expect(mapper.actions(for: .controlChange(channel: 0, controller: 23, value: 127), at: 0, skill: .compare) == [])
        #expect(mapper.actions(for: .controlChange(channel: 1, controller: 23, value: 127), at: 0, skill: .compare) == [.stop])
    }

    @Test("each repository mapping turns its documented controls into actions")
    func repositoryMappings() throws {
        let library = MappingLibrary.load(directories: [Fixtures.mappings.path])
        for mapping in library.mappings + [library.generic] {
            var mapper = ControllerMapper(mapping: mapping)
            for (mode, triggers) in mapping.modes {
                let message = try #require(Self.press(triggers[0]), "\(mapping.name): \(mode)")
                #expect(mapper.actions(for: message, at: 0, skill: .compare) == [.start(mode)], "\(mapping.name): \(mode)")
                _ = mapper.actions(for: Self.release(triggers[0]), at: 0, skill: .compare)
            }
            let stop = try #require(Self.press(mapping.stop[0]))
            #expect(mapper.actions(for: stop, at: 0, skill: .match) == [.stop], "\(mapping.name): stop")
            let report = try #require(Self.press(mapping.report[0]), "\(mapping.name) has no report control")
            #expect(mapper.actions(for: report, at: 0, skill: .compare) == [.report], "\(mapping.name): report")
        }
    }

    /// A message that presses `trigger`.
    static func press(_ trigger: ControlTrigger) -> MIDIMessage? {
        let channel = trigger.channel ?? 0
        switch trigger.source {
        case let .notes(range): return .noteOn(channel: channel, note: range.lowerBound, velocity: 100)
        case let .controlChange(number): return .controlChange(channel: channel, controller: number, value: 127)
        case let .program(number): return .programChange(channel: channel, program: number)
        case .wheelFlick: return nil
        }
    }

    static func release(_ trigger: ControlTrigger) -> MIDIMessage {
        let channel = trigger.channel ?? 0
        if case let .controlChange(number) = trigger.source { return .controlChange(channel: channel, controller: number, value: 0) }
        return .channelPressure(channel: channel, pressure: 0)
    }
}
