import Foundation

/// Fits the psychometric function to a mode's binned answers and reports thresholds (see
/// `PsychometricFunction` and `ThresholdModel`). The smoothness of the curve over the keyboard is
/// chosen by the data (the largest Laplace evidence over a few candidates), so a flat profile is
/// pooled across all notes while a profile that really varies is followed.
public enum ThresholdEstimator {
    static let smoothnessChoices = [0.03, 0.1, 0.3, 1.0]
    /// Below this many (weighted) answers nothing is fitted.
    public static let minimumAnswers = 10.0

    public static func estimate(_ bins: AnswerBins, range: NoteRange) -> ThresholdEstimate? {
        guard bins.weight >= minimumAnswers, let fit = bestFit(bins, range: range, hasShift: false) else { return nil }
        let shares = intervalShares(bins)
        var notes: [MIDINote: CentsEstimate] = [:]
        var sum = 0.0
        var gradientOfSum = [Double](repeating: 0, count: fit.model.parameterCount)
        let keys = range.lowest.rawValue...range.highest.rawValue
        for key in keys {
            let (logValue, gradient) = fit.logThreshold(note: Double(key), intervalShares: shares)
            let estimate = CentsEstimate(logValue: logValue, logStandardDeviation: fit.variance(along: gradient).squareRoot())
            notes[MIDINote(key)] = estimate
            sum += estimate.value
            for index in gradient.indices { gradientOfSum[index] += estimate.value * gradient[index] }
        }
        let count = Double(keys.count)
        let mean = sum / count
        let logSpread = fit.variance(along: gradientOfSum.map { $0 / count }).squareRoot() / mean
        let overall = CentsEstimate(logValue: log(mean), logStandardDeviation: logSpread)
        return ThresholdEstimate(overallCurve: overall, curve: notes, slope: fit.slope,
                                 answerWeight: bins.weight)
    }

    /// The threshold of the later part of the answers against the earlier part (bins marked
    /// `isLater`), as the factor exp(shift) with its z-score, and the earlier overall threshold.
    static func change(_ bins: AnswerBins, range: NoteRange) -> (earlier: Double, factor: Double, z: Double)? {
        guard bins.hasLaterPart, let fit = bestFit(bins, range: range, hasShift: true),
              let shift = fit.model.shiftIndex else { return nil }
        let shares = intervalShares(bins)
        let keys = range.lowest.rawValue...range.highest.rawValue
        let earlier = keys.reduce(0.0) { $0 + exp(fit.logThreshold(note: Double($1), intervalShares: shares).value) }
            / Double(keys.count)
        let spread = fit.covariance[shift, shift].squareRoot()
        return (earlier, exp(fit.parameters[shift]), fit.parameters[shift] / spread)
    }

    static func bestFit(_ bins: AnswerBins, range: NoteRange, hasShift: Bool) -> ThresholdFit? {
        guard let span = bins.noteSpan else { return nil }
        let notes = min(span.lowerBound, range.lowest.rawValue)...max(span.upperBound, range.highest.rawValue)
        let entries = bins.entries
        let intervals = bins.intervals
        return smoothnessChoices
            .compactMap { ThresholdFit(bins: entries, model: ThresholdModel(notes: notes, intervals: intervals,
                                                                             hasShift: hasShift, smoothness: $0)) }
            .max { $0.logEvidence < $1.logEvidence }
    }

    /// How the answers divide among intervals: a mode's threshold is for its usual mix of intervals.
    static func intervalShares(_ bins: AnswerBins) -> [DirectedInterval: Double] {
        var shares: [DirectedInterval: Double] = [:]
        for (key, counts) in bins.entries { shares[key.interval, default: 0] += counts.correct + counts.wrong }
        let total = shares.values.reduce(0, +)
        return total > 0 ? shares.mapValues { $0 / total } : [:]
    }
}
