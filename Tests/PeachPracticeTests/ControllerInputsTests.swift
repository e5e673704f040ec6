import PeachDomain
import PeachPractice
import Testing

@Suite("Controller inputs: one mapper per controller, chords acted on once their window passes")
struct ControllerInputsTests {
    /// A mapper whose note 60 waits 50 ms for a chord (then means "higher"), and 62 means "lower" at once.
    struct ChordMapper: ControllerInputMapper {
        var held: UInt64?
        mutating func actions(for note: Int, at time: UInt64, skill: TrainingMode.Skill?) -> [ControllerAction] {
            if note == 60 { held = time + 50_000_000; return [] }
            return [.answer(higher: false)]
        }
        mutating func tick(at time: UInt64, skill: TrainingMode.Skill?) -> [ControllerAction] {
            guard let held, time >= held else { return [] }
            self.held = nil
            return [.answer(higher: true)]
        }
        var chordDeadline: UInt64? { held }
    }

    let pads: ControllerID = "pads", twin: ControllerID = "pads #2"

    @Test("connect and disconnect are the box's events; a controller not connected makes nothing")
    func connections() {
        var inputs = ControllerInputs<ChordMapper>()
        #expect(inputs.connect(pads, mapper: ChordMapper()) == .controllerConnected(pads))
        #expect(inputs.receive(62, from: twin, at: 0, skill: nil) == nil)
        #expect(inputs.disconnect(pads) == .controllerDisconnected(pads))
        #expect(inputs.receive(62, from: pads, at: 0, skill: nil) == nil && inputs.connected.isEmpty)
    }

    @Test("a key that may start a chord acts once its window has passed, on its own controller only")
    func chords() throws {
        var inputs = ControllerInputs<ChordMapper>()
        _ = inputs.connect(pads, mapper: ChordMapper())
        _ = inputs.connect(twin, mapper: ChordMapper())
        let held = inputs.receive(60, from: pads, at: 1_000, skill: nil)
        #expect(held?.actions.isEmpty == true && held?.chordDeadline == 50_001_000)
        let early = inputs.tick(pads, at: 40_000_000, skill: nil)
        #expect(early?.actions.isEmpty == true && early?.chordDeadline == 50_001_000)
        let other = inputs.tick(twin, at: 60_000_000, skill: nil)
        #expect(other?.actions.isEmpty == true)
        let tick = inputs.tick(pads, at: 60_000_000, skill: nil)
        let due = try #require(tick)
        #expect(due.event == .controllerActions([.answer(higher: true)], from: pads) && due.chordDeadline == nil)
        let received = inputs.receive(62, from: twin, at: 0, skill: nil)
        let lower = try #require(received)
        #expect(lower.event == .controllerActions([.answer(higher: false)], from: twin))
    }
}
