/// What a measurement can say: a value with its 95 % interval, or why there is none. The staircase
/// asks offsets within 0.1…100 cents, so a threshold fitted beyond them is an extrapolation no
/// answer can confirm: it is said as "above 100 ct" or "below 0.1 ct", never as a number.
public enum MeasuredValue: Hashable, Sendable {
    case measured(CentsEstimate)
    /// The interval is still too wide, or no answers reach this key.
    case notEnoughAnswers
    /// The fitted value lies above the largest offset Peach asks (given in cents).
    case above(Double)
    /// The fitted value lies below the smallest offset Peach asks (given in cents).
    case below(Double)

    public init(_ estimate: CentsEstimate?) {
        self = estimate.map(Self.measured) ?? .notEnoughAnswers
    }

    /// The value and interval, when there is one to show.
    public var estimate: CentsEstimate? {
        if case .measured(let estimate) = self { estimate } else { nil }
    }
}
