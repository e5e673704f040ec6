import PeachConfig
import PeachYAML
import Testing

/// A listener file that is empty, or is not a mapping, says which (the latter said "empty" too).
@Suite struct ListenerReaderTests {
    func problems(_ text: String) -> [String] {
        do {
            _ = try ListenerReader.read(text, file: "me.yaml")
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    @Test func emptyOrNotAMapping() {
        #expect(problems("") == ["me.yaml: the listener file is empty; it needs at least `thresholds`"])
        let scalar = problems("42\n")
        #expect(scalar.count == 1 && scalar.first?.contains("expected a mapping") == true, "\(scalar)")
        #expect(problems("thresholds: {C4: 5}\n").isEmpty)
    }
}
