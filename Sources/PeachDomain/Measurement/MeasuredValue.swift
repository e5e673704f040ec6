/// What a measurement can say: a value with its 95 % interval, or why there is none. A threshold
/// fitted beyond the offsets the answers were asked at (at most 0.1…100 cents, what the staircase
/// plays) is an extrapolation no answer confirms: it is said as "above 100 ct" or "below 0.46 ct",
/// never as a number.
public enum MeasuredValue: Hashable, Sendable {
    case measured(CentsEstimate)
    /// The interval is still too wide, or no answers reach this key.
    case notEnoughAnswers
    /// The fitted value lies above the largest offset asked (given in cents).
    case above(Double)
    /// The fitted value lies below the smallest offset asked (given in cents).
    case below(Double)

    public init(_ estimate: CentsEstimate?) {
        self = estimate.map(Self.measured) ?? .notEnoughAnswers
    }

    /// The value and interval, when there is one to show.
    public var estimate: CentsEstimate? {
        if case .measured(let estimate) = self { estimate } else { nil }
    }
}
