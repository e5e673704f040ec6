import PeachConfig
import PeachDomain
import PeachText
import PeachYAML
import Testing

@Suite("Listener files: timing and tapping")
struct ListenerRhythmTests {
    func problems(_ text: String, texts: Texts = .english) -> [String] {
        do {
            _ = try ListenerReader.read(text, file: "me.yaml", texts: texts)
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    @Test("timing and tapping are read; positions override the bias where given")
    func read() throws {
        let listener = try ListenerReader.read("""
            thresholds: {C4: 5}
            timing: {early: 12, late: 9}
            tapping: {bias: -6, spread: 10, miss: 0.05, positions: {beat: -3, e: -9, and: -5, a: -8}}
            """, file: "me.yaml")
        #expect(listener.timing == SimulatedListener.Timing(early: 12, late: 9))
        #expect(listener.tapping.bias == -6 && listener.tapping.spread == 10 && listener.tapping.miss == 0.05)
        #expect(listener.tapping.positions == [.beat: -3, .e: -9, .and: -5, .a: -8])
        #expect(listener.tapping.bias(at: .e) == -9)
    }

    @Test("a file without them keeps the default listener's timing and tapping; a value left out keeps its default")
    func optional() throws {
        let plain = try ListenerReader.read("thresholds: {C4: 5}\n", file: "me.yaml")
        let partial = try ListenerReader.read("thresholds: {C4: 5}\ntiming: {late: 30}\ntapping: {positions: {and: 4}}\n",
                                              file: "me.yaml")
        #expect(partial.timing == SimulatedListener.Timing(early: plain.timing.early, late: 30))
        #expect(partial.tapping.bias == plain.tapping.bias && partial.tapping.spread == plain.tapping.spread)
        #expect(partial.tapping.miss == plain.tapping.miss)
        #expect(partial.tapping.bias(at: .and) == 4 && partial.tapping.bias(at: .beat) == plain.tapping.bias)
    }

    @Test("every wrong value is reported at its line and column")
    func rejected() {
        let said = problems("""
            thresholds: {C4: 5}
            timing: {early: 0, late: 9, middle: 3}
            tapping: {bias: -500, spread: 10, miss: 1.5, positions: {beat: -3, two: 4, a: 200}}
            """)
        #expect(said == [
            "me.yaml:2:17: timing.early: 0.0 is out of range 0.01…500",
            "me.yaml:2:29: unknown key `middle`; expected one of: early, late",
            "me.yaml:3:17: tapping.bias: -500.0 is out of range -100…100",
            "me.yaml:3:41: tapping.miss: 1.5 is out of range 0…1",
            "me.yaml:3:68: tapping.positions.two: `two` is not a gap position; write beat, e, and or a",
            "me.yaml:3:79: tapping.positions.a: 200.0 is out of range -100…100",
        ], "\(said)")
    }

    @Test("a position that is no gap position is said in the listener file's language")
    func german() {
        let said = problems("thresholds: {C4: 5}\ntapping: {positions: {eins: 3}}\n", texts: Texts(.german))
        #expect(said.count == 1 && said.first?.hasSuffix("`eins` ist keine Lückenposition; schreib beat, e, and oder a") == true,
                "\(said)")
    }
}
