import Foundation

/// Fits the psychometric function to a mode's binned answers and reports thresholds (see
/// `PsychometricFunction` and `ThresholdModel`). The smoothness of the curve over the keyboard is
/// chosen by the data (the largest Laplace evidence over a few candidates), so a flat profile is
/// pooled across all notes while a profile that really varies is followed.
public enum ThresholdEstimator {
    static let smoothnessChoices = [0.03, 0.1, 0.3, 1.0]
    /// Below this many (weighted) answers nothing is fitted.
    public static let minimumAnswers = 10.0

    /// What a fit leaves for the next one: the smoothness the data chose and the parameters, so that
    /// after one more answer the fit starts where the last one ended (a few milliseconds) and the
    /// smoothness is chosen afresh only now and then.
    public struct Memory: Sendable {
        let smoothness: Double
        let drift: Double?
        let parameters: [Double]
        let intervals: [DirectedInterval]
        let notes: ClosedRange<Int>
        /// Fits since the smoothness was chosen, and the answers' weight then: it is chosen again
        /// after 50 fits or once the answers have grown by a tenth.
        var reuses: Int
        let chosenAtWeight: Double
        static let reusesBeforeChoosingAgain = 50

        func allowsReuse(intervals: [DirectedInterval], notes: ClosedRange<Int>, weight: Double, dated: Bool) -> Bool {
            reuses < Self.reusesBeforeChoosingAgain && weight <= 1.1 * chosenAtWeight
                && self.intervals == intervals && self.notes == notes && (drift != nil) == dated
        }
    }

    public static func estimate(_ bins: AnswerBins, range: NoteRange) -> ThresholdEstimate? {
        estimate(bins, range: range, memory: nil)?.estimate
    }

    public static func estimate(_ bins: AnswerBins, range: NoteRange, memory: Memory?)
        -> (estimate: ThresholdEstimate, memory: Memory)? {
        guard bins.weight >= minimumAnswers, let span = bins.noteSpan else { return nil }
        let notes = min(span.lowerBound, range.lowest.rawValue)...max(span.upperBound, range.highest.rawValue)
        let intervals = bins.intervals
        let entries = bins.entries
        var fit: ThresholdFit?
        var reuses = 0
        var chosenAt = bins.weight
        if let memory, memory.allowsReuse(intervals: intervals, notes: notes, weight: bins.weight, dated: bins.isDated) {
            let model = ThresholdModel(notes: notes, intervals: intervals, hasShift: false, drift: memory.drift,
                                       smoothness: memory.smoothness)
            fit = ThresholdFit(bins: entries, model: model, start: memory.parameters)
            reuses = memory.reuses + 1
            chosenAt = memory.chosenAtWeight
        }
        guard let fit = fit ?? bestFit(entries, notes: notes, intervals: intervals, hasShift: false, dated: bins.isDated)
        else { return nil }
        let next = Memory(smoothness: fit.model.smoothness, drift: fit.model.drift, parameters: fit.parameters, intervals: intervals, notes: notes,
                          reuses: reuses, chosenAtWeight: chosenAt)
        let offsets = bins.offsetSpan ?? 0...Double.infinity
        return (summarise(fit, entries: entries, weight: bins.weight, range: range, answered: span, offsets: offsets), next)
    }

    /// Per key of the range and overall. The overall mean is over the keys the answers reach
    /// (`answered`): beyond them the curve only extrapolates, and its interval does not show how far.
    private static func summarise(_ fit: ThresholdFit, entries: [(key: AnswerBins.Key, counts: AnswerBins.Counts)],
                                  weight: Double, range: NoteRange, answered: ClosedRange<Int>,
                                  offsets: ClosedRange<Double>) -> ThresholdEstimate {
        let shares = intervalShares(entries)
        var notes: [MIDINote: CentsEstimate] = [:]
        var bounds: [MIDINote: OffsetBounds] = [:]
        let window = Int(ThresholdModel.knotSpacing) / 2
        var sum = 0.0
        var gradientOfSum = [Double](repeating: 0, count: fit.model.parameterCount)
        let reached = range.notes.filter { answered.contains(Int($0.rawValue)) }
        let averaged = Set(reached.isEmpty ? range.notes : reached)
        for key in range.notes {
            let (logValue, gradient) = fit.logThreshold(note: Double(key.rawValue), intervalShares: shares)
            let estimate = CentsEstimate(logValue: logValue, logStandardDeviation: fit.variance(along: gradient).squareRoot())
            notes[key] = estimate
            let note = Int(key.rawValue)
            // Beyond the notes answered a key says nothing (`ThresholdEstimate.value(at:)`): no bounds.
            if answered.contains(note) { bounds[key] = OffsetBounds.over((note - window)...(note + window), of: entries) }
            guard averaged.contains(key) else { continue }
            sum += estimate.value
            for index in gradient.indices { gradientOfSum[index] += estimate.value * gradient[index] }
        }
        let count = Double(averaged.count)
        let mean = sum / count
        let logSpread = fit.variance(along: gradientOfSum.map { $0 / count }).squareRoot() / mean
        let overall = CentsEstimate(logValue: log(mean), logStandardDeviation: logSpread)
        return ThresholdEstimate(overallCurve: overall, curve: notes, slope: fit.slope, lapse: fit.lapse, answerWeight: weight,
                                 offsetsAsked: offsets, notesAnswered: answered, overallReachesKeys: !reached.isEmpty,
                                 bounds: bounds)
    }

    /// The threshold of the later part of the answers against the earlier part (bins marked
    /// `isLater`), as the factor exp(shift) with its z-score, and the earlier overall threshold.
    ///
    /// The knots' prior is centred on the curve fitted to both parts together, not on the general
    /// 10 ct: a part with less information near its threshold (the first run's descent from 100 ct)
    /// would otherwise be drawn towards 10 ct more than the other, and a listener far from 10 ct who
    /// never changed was told "improving" (a 0.3 ct listener in 3 of 8 runs of 300 answers).
    static func change(_ bins: AnswerBins, range: NoteRange) -> (earlier: Double, factor: Double, z: Double)? {
        guard bins.hasLaterPart, let span = bins.noteSpan else { return nil }
        let entries = bins.entries
        let notes = min(span.lowerBound, range.lowest.rawValue)...max(span.upperBound, range.highest.rawValue)
        guard let pooled = bestFit(entries, notes: notes, intervals: bins.intervals, hasShift: false) else { return nil }
        let centres = Array(pooled.parameters.prefix(pooled.model.knotCount))
        let model = ThresholdModel(notes: notes, intervals: bins.intervals, hasShift: true,
                                   smoothness: pooled.model.smoothness, knotCentres: centres)
        guard let shift = model.shiftIndex else { return nil }
        var start = pooled.parameters
        start.insert(0, at: shift)
        guard let fit = ThresholdFit(bins: entries, model: model, start: start) else { return nil }
        let shares = intervalShares(entries)
        // Over the keys the answers reach, as the overall threshold is (`summarise`).
        let inRange = range.lowest.rawValue...range.highest.rawValue
        let keys = inRange.overlaps(span) ? inRange.clamped(to: span) : inRange
        let earlier = keys.reduce(0.0) { $0 + exp(fit.logThreshold(note: Double($1), intervalShares: shares).value) }
            / Double(keys.count)
        let factor = exp(fit.parameters[shift])
        // A threshold above the offsets asked, or below the smallest the staircase plays, is said as
        // "above"/"below", never as a number: nor is a change between two such extrapolations. (Below
        // the smallest asked so far, as early in training, the staircase is still on its way down:
        // the halves' fits still compare, and a listener who never changes is told "stable".)
        guard let asked = bins.offsetSpan else { return nil }
        let comparable = min(asked.lowerBound, StaircaseRule.offsetRange.lowerBound)...asked.upperBound
        guard comparable.contains(earlier), comparable.contains(earlier * factor) else { return nil }
        let spread = fit.covariance[shift, shift].squareRoot()
        return (earlier, factor, fit.parameters[shift] / spread)
    }

    /// The fit whose smoothness has the largest evidence, from the prior mean (for `dated` answers with
    /// the slowest drift); then the drift that scores best for that smoothness (`score`); then also
    /// from many lapses (`ThresholdFit.withTheOtherMode`).
    static func bestFit(_ entries: [(key: AnswerBins.Key, counts: AnswerBins.Counts)], notes: ClosedRange<Int>,
                        intervals: [DirectedInterval], hasShift: Bool, dated: Bool = false) -> ThresholdFit? {
        let drifts = ThresholdModel.driftChoices
        func model(smoothness: Double, drift: Double?) -> ThresholdModel {
            ThresholdModel(notes: notes, intervals: intervals, hasShift: hasShift, drift: drift, smoothness: smoothness)
        }
        let firstDrift = dated ? drifts[0] : nil
        guard let smoothest = smoothnessChoices
            .compactMap({ ThresholdFit(bins: entries, model: model(smoothness: $0, drift: firstDrift)) })
            .max(by: { $0.logEvidence < $1.logEvidence }) else { return nil }
        let others = dated ? drifts.filter { $0 != firstDrift } : []
        let best = others
            .compactMap { ThresholdFit(bins: entries, model: model(smoothness: smoothest.model.smoothness, drift: $0),
                                       start: smoothest.parameters) }
            .reduce(smoothest) { score($1) > score($0) ? $1 : $0 }
        return best.withTheOtherMode(bins: entries)
    }

    /// A fit's log evidence plus the log prior odds of its drift: each faster rate of change in
    /// `ThresholdModel.driftChoices` is e^½ times less likely than the one before. Chosen by evidence
    /// alone, a player who never changes was given the fastest in one case of eight (its evidence a
    /// nat or less above the others', by chance), and their threshold then rested on their last few
    /// hundred answers.
    private static func score(_ fit: ThresholdFit) -> Double {
        let rank = fit.model.drift.flatMap { ThresholdModel.driftChoices.firstIndex(of: $0) } ?? 0
        return fit.logEvidence - driftOddsPerStep * Double(rank)
    }
    static let driftOddsPerStep = 0.5

    /// How the answers divide among intervals: a mode's threshold is for its usual mix of intervals.
    static func intervalShares(_ entries: [(key: AnswerBins.Key, counts: AnswerBins.Counts)]) -> [DirectedInterval: Double] {
        var shares: [DirectedInterval: Double] = [:]
        for (key, counts) in entries { shares[key.interval, default: 0] += counts.correct + counts.wrong }
        // Summed in interval order: a dictionary's own order differs between equal dictionaries, and
        // with it the last bit of the total, so the same answers would not always give the same fit.
        let total = shares.sorted { $0.key < $1.key }.reduce(0) { $0 + $1.value }
        return total > 0 ? shares.mapValues { $0 / total } : [:]
    }
}
