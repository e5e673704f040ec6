import Foundation

extension ProgressChange {
    /// The trend the dated fits show (`ThresholdModel.drift`): the overall threshold now against the
    /// curve's shift `answersAgo` answers ago (the same factor at every key), mixed over the paces of
    /// change as the threshold is. Nil for undated fits, and when either value lies beyond the offsets
    /// asked (a change between extrapolations is no measurement), but for the reach beneath the floor
    /// where a value is said as a number (`ThresholdEstimate.lowestMeasurable`).
    init?(_ fits: WeightedFits, now: IntervalEstimate, answersAgo: Int, offsetsAsked: ClosedRange<Double>) {
        let age = Double(answersAgo) / 1000
        var parts: [(mean: Double, deviation: Double)] = []
        for fit in fits.fits {
            guard let (shift, gradient) = fit.pastShift(age: age) else { return nil }
            parts.append((shift, fit.variance(along: gradient).squareRoot()))
        }
        let (logPast, spread) = fits.mixture(parts)
        let earlier = now.value * exp(logPast)
        let comparable = min(offsetsAsked.lowerBound, ThresholdEstimate.lowestMeasurable(offsetsAsked))...offsetsAsked.upperBound
        guard spread > 0, comparable.contains(now.value), comparable.contains(earlier) else { return nil }
        self.init(earlier: earlier, later: now.value, fittedZ: -logPast / spread, answersAgo: answersAgo)
    }
}
