import Foundation

/// The fits of one smoothness for each pace of change (`ThresholdModel.driftChoices`), each weighted
/// by how probable it is given the answers (`ThresholdEstimator.score`: evidence and prior odds), the
/// likeliest first. Where the answers cannot yet tell a slow learner from a fast one, the threshold
/// and its interval are theirs together: chosen alone, the slower one measured a player halving
/// their threshold over 2,000 answers 10 % too high at 1,000, the interval missing for half of them
/// (make bench; mixed: 6 %, missing for one in six).
struct WeightedFits: Sendable {
    let fits: [ThresholdFit]
    let weights: [Double]

    /// Fits weighing less than this are dropped (the rest scaled up): they move no figure, and each
    /// costs a refit after every answer. (Keeping only the two likeliest cut that cost by a quarter to
    /// two fifths, but the learner above was then inside the interval for 68 % instead of 84 %.)
    static let smallestWeight = 0.01

    init?(_ candidates: [ThresholdFit], score: (ThresholdFit) -> Double) {
        self.init(scored: candidates.map { ($0, score($0)) })
    }

    /// The fits weighted by exp(score), scores being log probabilities up to a shared constant.
    init?(scored candidates: [(ThresholdFit, Double)]) {
        // A fit whose evidence is not a number (which no answers are known to give) takes no part.
        let scored = candidates.filter { $0.1.isFinite }
        guard let top = scored.map(\.1).max() else { return nil }
        let raw = scored.map { ($0.0, exp($0.1 - top)) }
        let total = raw.reduce(0) { $0 + $1.1 }
        let kept = raw.map { ($0.0, $0.1 / total) }
            .filter { $0.1 >= Self.smallestWeight }
            .sorted { $0.1 > $1.1 }
        let keptTotal = kept.reduce(0) { $0 + $1.1 }
        fits = kept.map(\.0)
        weights = kept.map { $0.1 / keptTotal }
    }

    /// The likeliest fit: the slope and lapse rate are read from it.
    var best: ThresholdFit { fits[0] }

    /// A normal with the mean and variance of the mixture of `parts` (log values and their standard
    /// deviations, one per fit, in the fits' order).
    func mixed(_ parts: [(mean: Double, deviation: Double)]) -> IntervalEstimate {
        let (mean, deviation) = mixture(parts)
        return IntervalEstimate(logValue: mean, logStandardDeviation: deviation)
    }

    /// The mean and standard deviation of the mixture of `parts` (one normal per fit, in the fits' order).
    func mixture(_ parts: [(mean: Double, deviation: Double)]) -> (mean: Double, deviation: Double) {
        let mean = zip(weights, parts).reduce(0) { $0 + $1.0 * $1.1.mean }
        let variance = zip(weights, parts).reduce(0) { sum, pair in
            let (weight, part) = pair
            return sum + weight * (part.deviation * part.deviation + (part.mean - mean) * (part.mean - mean))
        }
        return (mean, variance.squareRoot())
    }
}
