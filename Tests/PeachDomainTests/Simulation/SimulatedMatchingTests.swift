import Foundation
import Testing
@testable import PeachDomain

/// What a simulated Tune & Match listener's answers can show: errors beyond the tuning control's
/// stop are left at the stop, so `simulate` compares Peach's measurement with these figures.
@Suite @MainActor struct SimulatedMatchingTests {
    @Test("far from the stops the listener's own bias and spread; near them what clamped errors give")
    func reachable() {
        let listener = SimulatedListener.Matching(bias: 40, spread: 60)
        let free = listener.reachable(initialOffsetRange: 0, tuningRange: 1200)
        #expect(abs(free.bias - 40) < 1e-6 && abs(free.spread - 60) < 1e-3)
        // The same errors drawn and clamped one by one.
        var random = SeededRandomGenerator(seed: 7)
        var errors: [Double] = []
        for _ in 0..<200_000 {
            let start = Double.random(in: -100...100, using: &random)
            let error = 40 + 60 * TrainingSimulation.normal(&random)
            errors.append(min(max(error, start - 100), start + 100))
        }
        let mean = errors.reduce(0, +) / Double(errors.count)
        let spread = (errors.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(errors.count)).squareRoot()
        let computed = listener.reachable(initialOffsetRange: 100, tuningRange: 100)
        #expect(abs(computed.bias - mean) < 0.3 && abs(computed.spread - spread) < 0.3, "\(computed) against \(mean), \(spread)")
        #expect(computed.bias < 35 && computed.spread < 52)                     // well inside the listener's own
        let exact = SimulatedListener.Matching(bias: 150, spread: 0).reachable(initialOffsetRange: 100, tuningRange: 100)
        // Left at start + 100 when the start is below 50: mean 93.75, spread √(11,250 − 93.75²) ≈ 49.6.
        #expect(abs(exact.bias - 93.75) < 0.5 && abs(exact.spread - 49.6) < 0.5, "\(exact)")
    }
}
