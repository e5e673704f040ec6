import Foundation

/// The threshold's interval where the answers have said little about the slope (a first check, a
/// first session): the mixture of fits with the slope held at nodes across its posterior, each
/// weighted by its evidence and the slope's prior, instead of the one fit at the likeliest slope.
/// That fit's Laplace interval is drawn at one slope; a shallower one, which the answers cannot rule
/// out, leaves the threshold less certain (its spread goes as 1 / slope), and the joint mode sits at a
/// steeper slope than the slope's own posterior (the other parameters have less room there), all
/// the more so for answers placed near the threshold. With that fit alone, a check of 80 answers
/// on listeners of Weibull slope 1.5 had its interval a factor 1.5–1.8 too narrow (make bench).
extension WeightedFits {
    /// Nodes per fit, evenly spaced over ± `slopeReach` of the slope's standard deviation.
    static let slopeNodes = 9
    static let slopeReach = 3.0
    /// Mixed over the slope only while its standard deviation is above this: while the answers have
    /// told less about the slope than its prior (their information below the prior's, 1 / 0.5²).
    /// Beyond, the one fit's interval is close (at 0.2, the 1,000th answer of a staircase, the mixture
    /// would widen it by about 4 %), and each estimate costs one fit instead of `slopeNodes` × 2.
    static var weakSlopeSpread: Double { ThresholdModel.priorLogSlopeSpread / 2.0.squareRoot() }

    /// These fits mixed over the slope, or nil where the answers have told enough about it.
    func overSlopes(_ entries: [(key: AnswerBins.Key, counts: AnswerBins.Counts)]) -> WeightedFits? {
        var scored: [(ThresholdFit, Double)] = []
        for (fit, weight) in zip(fits, weights) {
            let index = fit.model.slopeIndex
            let centre = fit.parameters[index]
            let spread = fit.covariance[index, index].squareRoot()
            guard spread > Self.weakSlopeSpread else { return nil }
            var nodes: [(ThresholdFit, Double)] = []
            for k in 0..<Self.slopeNodes {
                let logSlope = centre + spread * Self.slopeReach * (2 * Double(k) / Double(Self.slopeNodes - 1) - 1)
                var model = fit.model
                model.heldLogSlope = logSlope
                var start = fit.parameters
                start[index] = logSlope
                guard let node = ThresholdFit(bins: entries, model: model, start: start)?.withTheOtherMode(bins: entries) else {
                    continue
                }
                // p(answers | slope) · p(slope): the held slope's own narrow prior is the same for every node.
                let z = (logSlope - ThresholdModel.priorLogSlope) / ThresholdModel.priorLogSlopeSpread
                nodes.append((node, node.logEvidence - z * z / 2))
            }
            guard let top = nodes.map(\.1).max(), top.isFinite else { return nil }
            let total = top + log(nodes.reduce(0) { $0 + exp($1.1 - top) })
            scored += nodes.map { ($0.0, log(weight) + $0.1 - total) }
        }
        return WeightedFits(scored: scored)
    }
}
