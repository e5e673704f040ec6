import Foundation
import PeachDomain

/// How well any hearing check could measure a flat listener in a number of answers: the Cramér–Rao
/// bound, the smallest spread of the log threshold an unbiased estimator can have, from the Fisher
/// information of the listener's own psychometric function (shape, slope and lapse rate known to the
/// bound; the slope also unknown, as a real check has it), at the best design of two offsets
/// (every answer at one or the other, chosen knowing the truth). What no placement and no fit can
/// beat: where it is within ±20 % for fewer than 80 % of players, 80 answers cannot do it.
struct BestPossibleCheck {
    let listener: SimulatedListener
    let answers: Int
    /// The note the listener is flat over.
    let note = MIDINote(60)

    /// The smallest standard deviation of ln(threshold), with the slope known and unknown.
    func spread() -> (knownSlope: Double, unknownSlope: Double) {
        var known = Double.infinity, unknown = Double.infinity
        for centre in stride(from: -1.0, through: 2.0, by: 0.05) {
            known = min(known, (1 / information([centre])[0]).squareRoot())
            for half in stride(from: 0.05, through: 2.0, by: 0.05) {
                let i = information([centre - half, centre + half])
                let determinant = i[0] * i[2] - i[1] * i[1]
                guard determinant > 1e-12 else { continue }
                unknown = min(unknown, (i[2] / determinant).squareRoot())
            }
        }
        return (known, unknown)
    }

    /// The share of players an estimator of that spread (normal, unbiased) puts within ±20 %.
    static func withinTwentyPercent(spread: Double) -> Double {
        func normal(_ z: Double) -> Double { 0.5 * erfc(-z / 2.0.squareRoot()) }
        return normal(log(1.2) / spread) - normal(log(0.8) / spread)
    }

    /// The Fisher information of all `answers` answers, split evenly over the design's log offsets
    /// (relative to the true threshold), for (ln threshold, ln slope): [θθ, θβ, ββ].
    private func information(_ design: [Double]) -> [Double] {
        let truth = listener.threshold(at: note)
        let step = 1e-4
        let steeper = listener.withSlope(listener.slope * exp(step)), shallower = listener.withSlope(listener.slope * exp(-step))
        var sum = [0.0, 0.0, 0.0]
        for logOffset in design {
            func p(_ who: SimulatedListener, _ shift: Double) -> Double {
                who.probabilityCorrect(offset: truth * exp(logOffset + shift), note: note, mode: .compare, after: 0)
            }
            let chance = p(listener, 0)
            // A larger threshold is the same as a smaller offset.
            let byThreshold = (p(listener, -step) - p(listener, step)) / (2 * step)
            let bySlope = (p(steeper, 0) - p(shallower, 0)) / (2 * step)
            let weight = Double(answers) / Double(design.count) / max(chance * (1 - chance), 1e-12)
            sum[0] += weight * byThreshold * byThreshold
            sum[1] += weight * byThreshold * bySlope
            sum[2] += weight * bySlope * bySlope
        }
        return sum
    }
}

private extension SimulatedListener {
    func withSlope(_ slope: Double) -> SimulatedListener {
        SimulatedListener(shape: shape, slope: slope, lapse: lapse, thresholds: thresholds)
    }
}
