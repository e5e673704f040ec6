import Foundation

/// Fits the psychometric function to a mode's binned answers and reports thresholds (see
/// `PsychometricFunction` and `ThresholdModel`). The smoothness of the curve over the keyboard is
/// chosen by the data (the largest Laplace evidence over a few candidates), so a flat profile is
/// pooled across all notes while a profile that really varies is followed; the paces of change over
/// time are weighed by it (`WeightedFits`).
public enum ThresholdEstimator {
    static let smoothnessChoices = [0.03, 0.1, 0.3, 1.0]
    /// Below this many (weighted) answers nothing is fitted.
    public static let minimumAnswers = 10.0

    /// What a fit leaves for the next one: the smoothness the data chose, the paces of change kept
    /// (`WeightedFits`) and their parameters, so that after one more answer each fit starts where the
    /// last one ended (a few milliseconds) and the smoothness is chosen afresh only now and then.
    public struct Memory: Sendable {
        let smoothness: Double
        let drifts: [Double?]
        let parameters: [[Double]]
        let intervals: [DirectedInterval]
        let notes: ClosedRange<Int>
        /// Fits since the smoothness was chosen, and the answers' weight then: it is chosen again
        /// after 50 fits or once the answers have grown by a tenth.
        var reuses: Int
        let chosenAtWeight: Double
        static let reusesBeforeChoosingAgain = 50

        func allowsReuse(intervals: [DirectedInterval], notes: ClosedRange<Int>, weight: Double, dated: Bool) -> Bool {
            reuses < Self.reusesBeforeChoosingAgain && weight <= 1.1 * chosenAtWeight
                && self.intervals == intervals && self.notes == notes && drifts.allSatisfy { ($0 != nil) == dated }
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
        var fits: WeightedFits?
        var reuses = 0
        var chosenAt = bins.weight
        if let memory, memory.allowsReuse(intervals: intervals, notes: notes, weight: bins.weight, dated: bins.isDated) {
            let refits = zip(memory.drifts, memory.parameters).compactMap { drift, start in
                ThresholdFit(bins: entries, model: ThresholdModel(notes: notes, intervals: intervals, drift: drift,
                                                                 smoothness: memory.smoothness), start: start)
            }
            if refits.count == memory.drifts.count, let weighted = WeightedFits(refits, score: score) {
                fits = weighted
                reuses = memory.reuses + 1
                chosenAt = memory.chosenAtWeight
            }
        }
        guard let fits = fits ?? choose(entries, notes: notes, intervals: intervals, dated: bins.isDated) else { return nil }
        let next = Memory(smoothness: fits.best.model.smoothness, drifts: fits.fits.map(\.model.drift),
                          parameters: fits.fits.map(\.parameters), intervals: intervals, notes: notes,
                          reuses: reuses, chosenAtWeight: chosenAt)
        let offsets = bins.offsetSpan ?? 0...Double.infinity
        // The memory keeps the fits themselves; what is said is mixed over the slope while it is weakly told.
        let said = fits.overSlopes(entries) ?? fits
        return (summarise(said, entries: entries, weight: bins.weight, range: range, answered: span, offsets: offsets,
                          answers: bins.answersAdded), next)
    }

    /// Per key of the range and overall. The overall mean is over the keys the answers reach
    /// (`answered`): beyond them the curve only extrapolates, and its interval does not show how far.
    private static func summarise(_ fits: WeightedFits, entries: [(key: AnswerBins.Key, counts: AnswerBins.Counts)],
                                  weight: Double, range: NoteRange, answered: ClosedRange<Int>,
                                  offsets: ClosedRange<Double>, answers: Int?) -> ThresholdEstimate {
        let shares = intervalShares(entries)
        let reached = range.notes.filter { answered.contains(Int($0.rawValue)) }
        let averaged = Set(reached.isEmpty ? range.notes : reached)
        let each = fits.fits.map { curve($0, range: range, averaged: averaged, shares: shares) }
        var notes: [MIDINote: IntervalEstimate] = [:]
        var bounds: [MIDINote: OffsetBounds] = [:]
        let window = Int(ThresholdModel.knotSpacing) / 2
        for (index, key) in range.notes.enumerated() {
            notes[key] = fits.mixed(each.map { $0.keys[index] })
            let note = Int(key.rawValue)
            // Beyond the notes answered a key says nothing (`ThresholdEstimate.value(at:)`): no bounds.
            if answered.contains(note) { bounds[key] = OffsetBounds.over((note - window)...(note + window), of: entries) }
        }
        let overall = fits.mixed(each.map(\.overall))
        // Within one block the answers' ages are the same: a trend needs a second.
        let change = answers.flatMap { count in
            count <= AnswerBins.blockLength || reached.isEmpty ? nil
                : ProgressChange(fits, now: overall, answersAgo: ProgressChange.lookBack(answers: count), offsetsAsked: offsets)
        }
        return ThresholdEstimate(overallCurve: overall, curve: notes, slope: fits.best.slope,
                                 lapse: fits.best.lapse, answerWeight: weight, offsetsAsked: offsets, notesAnswered: answered,
                                 overallReachesKeys: !reached.isEmpty, bounds: bounds, change: change)
    }

    /// One fit's log threshold and its standard deviation at each key of the range, and of the mean
    /// over the keys `averaged` (by the delta method).
    private static func curve(_ fit: ThresholdFit, range: NoteRange, averaged: Set<MIDINote>,
                              shares: [DirectedInterval: Double])
        -> (keys: [(mean: Double, deviation: Double)], overall: (mean: Double, deviation: Double)) {
        var keys: [(mean: Double, deviation: Double)] = []
        var sum = 0.0
        var gradientOfSum = [Double](repeating: 0, count: fit.model.parameterCount)
        for key in range.notes {
            let (logValue, gradient) = fit.logThreshold(note: Double(key.rawValue), intervalShares: shares)
            keys.append((logValue, fit.variance(along: gradient).squareRoot()))
            guard averaged.contains(key) else { continue }
            let value = exp(logValue)
            sum += value
            for index in gradient.indices { gradientOfSum[index] += value * gradient[index] }
        }
        let count = Double(averaged.count)
        let mean = sum / count
        let logSpread = fit.variance(along: gradientOfSum.map { $0 / count }).squareRoot() / mean
        return (keys, (log(mean), logSpread))
    }

    /// The fit whose smoothness has the largest evidence (for `drift`, if given), from the prior mean,
    /// then also from many lapses (`ThresholdFit.withTheOtherMode`).
    static func bestFit(_ entries: [(key: AnswerBins.Key, counts: AnswerBins.Counts)], notes: ClosedRange<Int>,
                        intervals: [DirectedInterval], drift: Double? = nil) -> ThresholdFit? {
        smoothnessChoices
            .compactMap { ThresholdFit(bins: entries, model: ThresholdModel(notes: notes, intervals: intervals,
                                                                             drift: drift, smoothness: $0)) }
            .max { $0.logEvidence < $1.logEvidence }?
            .withTheOtherMode(bins: entries)
    }

    /// The best fit (`bestFit`); for `dated` answers with the slowest pace of change, and then, for the
    /// smoothness it chose, one for each faster pace, weighted (`WeightedFits`).
    static func choose(_ entries: [(key: AnswerBins.Key, counts: AnswerBins.Counts)], notes: ClosedRange<Int>,
                       intervals: [DirectedInterval], dated: Bool) -> WeightedFits? {
        let drifts = ThresholdModel.driftChoices
        guard let slowest = bestFit(entries, notes: notes, intervals: intervals, drift: dated ? drifts[0] : nil) else {
            return nil
        }
        let faster = dated ? drifts.dropFirst().compactMap {
            ThresholdFit(bins: entries, model: ThresholdModel(notes: notes, intervals: intervals, drift: $0,
                                                              smoothness: slowest.model.smoothness), start: slowest.parameters)
        } : []
        return WeightedFits([slowest] + faster, score: score)
    }

    /// A fit's log evidence plus the log prior odds of its drift: each faster rate of change in
    /// `ThresholdModel.driftChoices` is e^½ times less likely than the one before. (When one pace was
    /// chosen by evidence alone, a player who never changes was given the fastest in one case of eight,
    /// its evidence a nat or less above the others' by chance, and their threshold then rested on their
    /// last few hundred answers.)
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
