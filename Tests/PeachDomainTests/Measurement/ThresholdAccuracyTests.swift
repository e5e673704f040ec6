import Foundation
import PeachDomain
import Testing

/// The threshold Peach reports is checked against simulated listeners whose true threshold is known.
/// Bounds come from the measurement issue; a miss is a failure of the estimator, not of the test.
@MainActor
@Suite("Threshold accuracy against simulated listeners", .serialized)
struct ThresholdAccuracyTests {
    static let users = 40

    @Test("after 300 trials the overall threshold is within ±15 % for at least 80 % of users",
          arguments: SimulatedListener.family.indices, [0.0, 1.0])
    func overallAfter300(listenerIndex: Int, focus: Double) {
        let (name, listener) = SimulatedListener.family[listenerIndex]
        var simulation = SimulatedUsers(listener: listener)
        simulation.settings.focus = focus
        var within = 0
        simulation.run(users: Self.users, trials: 300, at: [300]) { _, profile, done in
            let truth = simulation.trueOverall(after: done)
            if let overall = profile.thresholdEstimate(for: .compare, range: simulation.settings.noteRange)?.overall,
               abs(overall.value / truth - 1) <= 0.15 {
                within += 1
            }
        }
        #expect(Double(within) >= 0.8 * Double(Self.users), "\(name), focus \(focus): \(within) of \(Self.users)")
    }
}
