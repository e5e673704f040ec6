/// What a measurement can say: a value with its 95 % interval, or why there is none. A threshold
/// fitted beyond the offsets the answers were asked at (at most 0.1…100 cents, what the staircase
/// plays) is an extrapolation: it is never said as a number, only as "above 100 ct" or "below 0.46 ct"
/// where the answers at the extreme offsets show it by themselves (`OffsetBounds`).
public enum MeasuredValue: Hashable, Sendable {
    case measured(IntervalEstimate)
    /// The interval is still too wide, or no answers reach this key.
    case notEnoughAnswers
    /// The threshold lies above this many cents, as the answers at the largest offsets asked show.
    case above(Double)
    /// The threshold lies below this many cents, as the answers at the smallest offsets asked show.
    case below(Double)

    public init(_ estimate: IntervalEstimate?) {
        self = estimate.map(Self.measured) ?? .notEnoughAnswers
    }

    /// The value and interval, when there is one to show.
    public var estimate: IntervalEstimate? {
        if case .measured(let estimate) = self { estimate } else { nil }
    }
}
