import Foundation

/// What the answers at the smallest and at the largest offsets asked say without any fitted curve.
///
/// p(correct) rises with the offset, so when the answers at offsets up to `below` are right more
/// than 75 % of the time beyond chance (the lower end of their Wilson interval, at `z`, is above
/// 75 %), the player answers `below` itself right more than 75 % of the time: the threshold is below
/// it. (Strictly for one key and interval; a group pools a key's neighbours within a quarter octave
/// and the intervals trained, whose thresholds are close.)
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

    /// How far from the smallest (largest) offset asked answers count, tried in turn, the first that
    /// says something kept: that offset's own bin (a staircase held at its end), then within a factor
    /// of 1.25, then of 2 (a staircase still moving leaves few answers at any one offset; the bound is
    /// then further in, but still true).
    static let groupSteps: [Int32] = [1, 1.25, 2].map { Int32((log($0) / AnswerBins.logStep).rounded()) }
    /// One-sided 99.7 %, stricter than the fit's intervals (97.5 % each side): the test is made again
    /// after every answer, on up to three groups, and a claim said once is heard. At 1.96 a 99 ct
    /// player was said "above 100" at some point in 23 % of simulated sessions of 1,000 answers,
    /// though at any one moment in 2-3 % (the code review's simulation).
    static let z = 2.8

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
        var steps: [Int32: (correct: Double, total: Double)] = [:]
        for (key, counts) in entries {
            steps[key.offsetStep, default: (0, 0)].correct += counts.correct
            steps[key.offsetStep, default: (0, 0)].total += counts.correct + counts.wrong
        }
        let ascending = steps.keys.sorted()
        guard let lowest = ascending.first, let highest = ascending.last else { return OffsetBounds() }
        let criterion = PsychometricFunction.criterion
        func share(_ members: [Int32]) -> (low: Double, high: Double) {
            wilson(members.reduce(0.0) { $0 + (steps[$1]?.correct ?? 0) }, members.reduce(0.0) { $0 + (steps[$1]?.total ?? 0) })
        }
        // A group is bounded by its inner edge: its answers were asked within ±1 % of its bins' centres.
        let below = groupSteps.lazy.compactMap { width -> Double? in
            let members = ascending.filter { $0 <= lowest + width }
            guard let inner = members.last, share(members).low > criterion else { return nil }
            return edge(inner, upper: true)
        }.first
        let above = groupSteps.lazy.compactMap { width -> Double? in
            let members = ascending.filter { $0 >= highest - width }
            guard let inner = members.first, share(members).high < criterion else { return nil }
            return edge(inner, upper: false)
        }.first
        // Both at once (old answers at chance on the largest offsets, recent ones right on the smallest:
        // a player who has learnt) contradict a p(correct) rising with the offset: neither is said.
        if let below, let above, below <= above { return OffsetBounds() }
        return OffsetBounds(below: below, above: above)
    }

    /// The ends of the Wilson score interval of `correct` out of `total` (weights, not only counts).
    static func wilson(_ correct: Double, _ total: Double, z: Double = z) -> (low: Double, high: Double) {
        guard total > 0 else { return (0, 1) }
        let share = correct / total
        let z2 = z * z
        let centre = share + z2 / (2 * total)
        let margin = z * (share * (1 - share) / total + z2 / (4 * total * total)).squareRoot()
        let scale = 1 + z2 / total
        return ((centre - margin) / scale, (centre + margin) / scale)
    }

    /// The edge of an offset bin: what its answers were asked at, at most (upper) or at least.
    private static func edge(_ step: Int32, upper: Bool) -> Double {
        exp((Double(step) + (upper ? 0.5 : -0.5)) * AnswerBins.logStep)
    }
}
