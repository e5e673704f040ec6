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

    public init(overallCurve: CentsEstimate, curve: [MIDINote: CentsEstimate], slope: Double, answerWeight: Double) {
        self.overallCurve = overallCurve
        self.curve = curve
        self.slope = slope
        self.answerWeight = answerWeight
    }

    /// An interval whose upper end is more than this many times its lower end says too little to
    /// show a number: "not enough answers yet".
    public static let widestUsefulRatio = 3.0

    /// The overall threshold; nil while its interval is too wide to mean something.
    public var overall: CentsEstimate? { overallCurve.isUseful ? overallCurve : nil }

    /// The threshold at `note`; nil outside the range or while its interval is too wide.
    public func threshold(at note: MIDINote) -> CentsEstimate? {
        curve[note].flatMap { $0.isUseful ? $0 : nil }
    }
}

extension CentsEstimate {
    /// Whether the interval is narrow enough for the value to mean something.
    public var isUseful: Bool { high / low <= ThresholdEstimate.widestUsefulRatio }
}
