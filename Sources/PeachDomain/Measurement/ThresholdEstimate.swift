/// What Peach knows of a player's pitch discrimination in one mode: the offset they answer
/// correctly 75 % of the time, per reference note and overall, each with its 95 % interval.
public struct ThresholdEstimate: Hashable, Sendable {
    /// The mean of the per-note thresholds over the note range, however wide its interval.
    public let overallCurve: CentsEstimate
    /// The fitted curve at every note of the range, however wide its interval.
    public let curve: [MIDINote: CentsEstimate]
    /// The fitted slope of the psychometric function (per natural-log unit of offset).
    public let slope: Double
    /// The weight of the answers the fit used (recent answers count fully, older ones less).
    public let answerWeight: Double
    /// The offsets Peach asks (`StaircaseRule.offsetRange`): no answers can show a threshold beyond them.
    public let measurable: ClosedRange<Double>
    /// The reference notes that have answers, lowest to highest: beyond them the curve only extrapolates.
    public let notesAnswered: ClosedRange<Int>
    /// Whether the overall mean is over keys the answers reach (false: none of the range's keys).
    public let overallReachesKeys: Bool

    public init(overallCurve: CentsEstimate, curve: [MIDINote: CentsEstimate], slope: Double, answerWeight: Double,
                measurable: ClosedRange<Double> = 0...Double.infinity, notesAnswered: ClosedRange<Int> = 0...127,
                overallReachesKeys: Bool = true) {
        self.overallCurve = overallCurve
        self.curve = curve
        self.slope = slope
        self.answerWeight = answerWeight
        self.measurable = measurable
        self.notesAnswered = notesAnswered
        self.overallReachesKeys = overallReachesKeys
    }

    /// An interval whose upper end is more than this many times its lower end says too little to
    /// show a number: "not enough answers yet".
    public static let widestUsefulRatio = 3.0

    /// The overall threshold; nil while its interval is too wide to mean something, or it lies
    /// beyond the offsets Peach asks (`overallValue` says which).
    public var overall: CentsEstimate? { overallValue.estimate }

    /// The threshold at `note`; nil outside the range, beyond the notes answered, while its interval
    /// is too wide, or beyond the offsets Peach asks (`value(at:)` says which).
    public func threshold(at note: MIDINote) -> CentsEstimate? { value(at: note).estimate }

    /// The overall threshold as it can be said.
    public var overallValue: MeasuredValue {
        overallReachesKeys ? said(overallCurve) : .notEnoughAnswers
    }

    /// The threshold at `note` as it can be said.
    public func value(at note: MIDINote) -> MeasuredValue {
        guard notesAnswered.contains(Int(note.rawValue)), let estimate = curve[note] else { return .notEnoughAnswers }
        return said(estimate)
    }

    private func said(_ estimate: CentsEstimate) -> MeasuredValue {
        guard estimate.isUseful else { return .notEnoughAnswers }
        if estimate.value > measurable.upperBound { return .above(measurable.upperBound) }
        if estimate.value < measurable.lowerBound { return .below(measurable.lowerBound) }
        return .measured(estimate)
    }
}

extension CentsEstimate {
    /// Whether the interval is narrow enough for the value to mean something.
    public var isUseful: Bool { high / low <= ThresholdEstimate.widestUsefulRatio }
}
