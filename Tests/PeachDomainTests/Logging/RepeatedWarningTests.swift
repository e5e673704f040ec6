import PeachDomain
import Testing

@Suite("Repeated warnings are summarised")
struct RepeatedWarningTests {
    @Test("a flood of 570 a minute becomes one line per 10 s, each saying how many it stands for")
    func flood() {
        var warning = RepeatedWarning(interval: 10)
        var lines: [Int] = []
        for occurrence in 0..<570 {
            if let counted = warning.occurred(at: 100 + Double(occurrence) * 60 / 570) { lines.append(counted) }
        }
        #expect(lines.count == 6)
        #expect(lines.first == 0, "the first one is logged at once")
        // The flood's last window is told by the next occurrence.
        if let counted = warning.occurred(at: 200) { lines.append(counted) }
        #expect(lines.reduce(0, +) + lines.count == 571, "every occurrence is accounted for")
    }

    @Test("occurrences further apart than the interval are each logged, and say nothing more")
    func sparse() {
        var warning = RepeatedWarning(interval: 10)
        #expect(warning.occurred(at: 0) == 0)
        #expect(warning.occurred(at: 10) == 0)
        #expect(warning.occurred(at: 25) == 0)
        #expect(warning.occurred(at: 26) == nil)
        #expect(warning.occurred(at: 36) == 1)
    }
}
