import Foundation

/// What the answers at the smallest and at the largest offsets asked say without any fitted curve.
///
/// p(correct) rises with the offset, so when the answers at offsets up to `below` are right more
/// than 75 % of the time beyond chance (the lower end of their 95 % Wilson interval is above 75 %),
/// the player answers `below` itself right more than 75 % of the time: the threshold is below it.
/// When the answers at offsets from `above` up are right less often than that, the threshold is
/// above `above`. The fit's interval can miss this where the priors hold the curve: every answer
/// right at the smallest offsets asked (a listener finer than the staircase has reached yet), or
/// hardly better than guessing at the largest (one the staircase cannot reach), when the lapse
/// rate and the slope together leave the curve's far end open.
public struct OffsetBounds: Hashable, Sendable {
    /// The threshold lies below this many cents, as far as the answers at the smallest offsets go.
    public let below: Double?
    /// The threshold lies above this many cents, as far as the answers at the largest offsets go.
    public let above: Double?

    public init(below: Double? = nil, above: Double? = nil) {
        self.below = below
        self.above = above
    }

    /// How far from the smallest (largest) offset asked answers count: within a factor of 1.25, so
    /// that a staircase still moving leaves enough of them, while the bound stays near the end.
    static let groupLevels = Int32((log(2.0) / AnswerBins.logStep).rounded())
    /// 1.96: the one-sided bound of a 95 % interval, as the fit's intervals are.
    static let z = 1.96

    /// The bounds the answers on the reference notes `notes` give; `entries` in `AnswerBins.entries`'
    /// order (by note first), so the notes' bins are one slice of it.
    static func over(_ notes: ClosedRange<Int>, of entries: [(key: AnswerBins.Key, counts: AnswerBins.Counts)]) -> OffsetBounds {
        let start = firstIndex(in: entries) { Int($0.note) >= notes.lowerBound }
        let end = firstIndex(in: entries) { Int($0.note) > notes.upperBound }
        return start < end ? from(entries[start..<end]) : OffsetBounds()
    }

    /// The first index whose key satisfies `isPast` (false for every key before it, true after).
    private static func firstIndex(in entries: [(key: AnswerBins.Key, counts: AnswerBins.Counts)],
                                   where isPast: (AnswerBins.Key) -> Bool) -> Int {
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if isPast(entries[middle].key) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    static func from(_ entries: ArraySlice<(key: AnswerBins.Key, counts: AnswerBins.Counts)>) -> OffsetBounds {
        guard let lowest = entries.map(\.key.level).min(), let highest = entries.map(\.key.level).max() else {
            return OffsetBounds()
        }
        var small = (correct: 0.0, total: 0.0, edge: lowest)
        var large = (correct: 0.0, total: 0.0, edge: highest)
        for (key, counts) in entries {
            let total = counts.correct + counts.wrong
            if key.level <= lowest + groupLevels {
                small.correct += counts.correct
                small.total += total
                small.edge = max(small.edge, key.level)
            }
            if key.level >= highest - groupLevels {
                large.correct += counts.correct
                large.total += total
                large.edge = min(large.edge, key.level)
            }
        }
        let criterion = PsychometricFunction.criterion
        let below = wilson(small.correct, small.total).low > criterion ? edge(small.edge, upper: true) : nil
        let above = wilson(large.correct, large.total).high < criterion ? edge(large.edge, upper: false) : nil
        return OffsetBounds(below: below, above: above)
    }

    /// The ends of the Wilson score interval of `correct` out of `total` (weights, not only counts).
    static func wilson(_ correct: Double, _ total: Double) -> (low: Double, high: Double) {
        guard total > 0 else { return (0, 1) }
        let share = correct / total
        let z2 = z * z
        let centre = share + z2 / (2 * total)
        let margin = z * (share * (1 - share) / total + z2 / (4 * total * total)).squareRoot()
        let scale = 1 + z2 / total
        return ((centre - margin) / scale, (centre + margin) / scale)
    }

    /// The edge of an offset bin: what its answers were asked at, at most (upper) or at least.
    private static func edge(_ level: Int32, upper: Bool) -> Double {
        exp((Double(level) + (upper ? 0.5 : -0.5)) * AnswerBins.logStep)
    }
}
