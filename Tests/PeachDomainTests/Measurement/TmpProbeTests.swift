import Foundation
import PeachDomain
import Testing

@MainActor
@Suite("tmp probe", .serialized)
struct TmpProbeTests {
    @Test("probe", arguments: [0, 1, 2])
    func probe(index: Int) {
        let listeners = [SimulatedListener.make(.weibull, slope: 2.5, lapse: 0.02, [(36, 20), (60, 5), (84, 20)]),
                         SimulatedListener.make(.weibull, slope: 2.5, lapse: 0.02, [(60, 8)]),
                         SimulatedListener.make(.weibull, slope: 3.5, lapse: 0.01, [(36, 6), (55, 15), (84, 4)])]
        let listener = listeners[index]
        let simulation = SimulatedUsers(listener: listener)
        var covered: [Int: Int] = [:], total: [Int: Int] = [:], overallCovered: [Int: Int] = [:]
        var perKey: [Int: [Int]] = [:]
        simulation.run(users: 40, trials: 1000, at: [100, 300, 1000]) { trials, profile, done in
            guard let estimate = profile.thresholdEstimate(for: .compare, range: simulation.settings.noteRange) else { return }
            for key in 36...84 {
                let truth = listener.threshold(at: MIDINote(key), after: done)
                guard let value = estimate.threshold(at: MIDINote(key)) else { continue }
                total[trials, default: 0] += 1
                if value.low <= truth && truth <= value.high { covered[trials, default: 0] += 1; perKey[trials, default: Array(repeating: 0, count: 49)][key - 36] += 1 }
                else { _ = perKey[trials, default: Array(repeating: 0, count: 49)] }
            }
            let truth = simulation.trueOverall(after: done)
            if let o = estimate.overall, o.low <= truth && truth <= o.high { overallCovered[trials, default: 0] += 1 }
        }
        for t in [100, 300, 1000] {
            print("PROBE \(index) \(t): keys covered \(covered[t] ?? 0)/\(total[t] ?? 0) overall \(overallCovered[t] ?? 0)/40 perkey \(perKey[t] ?? [])")
        }
    }
}
