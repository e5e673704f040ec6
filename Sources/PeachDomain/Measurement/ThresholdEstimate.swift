/// What Peach knows of a player's pitch discrimination in one mode: the offset they answer
/// correctly 75 % of the time, per reference note and overall, each with its 95 % interval.
public struct ThresholdEstimate: Hashable, Sendable {
    /// The mean of the per-note thresholds over the note range, however wide its interval.
    public let overallCurve: IntervalEstimate
    /// The fitted curve at every note of the range, however wide its interval.
    public let curve: [MIDINote: IntervalEstimate]
    /// The fitted slope of the psychometric function (per natural-log unit of offset).
    public let slope: Double
    /// The fitted lapse rate: the share of answers wrong however large the offset.
    public let lapse: Double
    /// The weight of the answers the fit used (recent answers count fully, older ones less).
    public let answerWeight: Double
    /// The smallest and largest offsets the answers were asked at: the fit has data only between
    /// them. The staircase asks 0.1…100 ct and starts at 100, so the largest is 100 from the start;
    /// the smallest is where the staircase has got to, so far (at 0.1, its floor, as far as it goes:
    /// `beneathTheFloor`).
    public let offsetsAsked: ClosedRange<Double>
    /// The reference notes that have answers, lowest to highest: beyond them the curve only extrapolates.
    public let notesAnswered: ClosedRange<Int>
    /// Whether the overall mean is over keys the answers reach (false: none of the range's keys).
    public let overallReachesKeys: Bool
    /// What the answers at the extremes of the offsets asked say by themselves, per key over the
    /// keys within a quarter octave of it (`OffsetBounds`).
    public let bounds: [MIDINote: OffsetBounds]
    /// The overall threshold now against some answers ago (`ProgressChange.lookBack`), from the same
    /// fits; nil for undated answers, answers of one block only (the first 100), answers that reach no
    /// key of the range, or either value beyond the offsets asked.
    public let change: ProgressChange?

    public init(overallCurve: IntervalEstimate, curve: [MIDINote: IntervalEstimate], slope: Double,
                lapse: Double = PsychometricFunction.typicalLapseRate, answerWeight: Double,
                offsetsAsked: ClosedRange<Double> = 0...Double.infinity, notesAnswered: ClosedRange<Int> = 0...127,
                overallReachesKeys: Bool = true, bounds: [MIDINote: OffsetBounds] = [:], change: ProgressChange? = nil) {
        self.overallCurve = overallCurve
        self.curve = curve
        self.slope = slope
        self.lapse = lapse
        self.answerWeight = answerWeight
        self.offsetsAsked = offsetsAsked
        self.notesAnswered = notesAnswered
        self.overallReachesKeys = overallReachesKeys
        self.bounds = bounds
        self.change = change
    }

    /// An interval whose upper end is more than this many times its lower end says too little to
    /// show a number: "not enough answers yet".
    public static let widestUsefulRatio = 3.0

    /// The overall threshold; nil while its interval is too wide to mean something, or it lies
    /// beyond the offsets asked (`overallValue` says which; below the staircase's floor it may be
    /// said: `beneathTheFloor`).
    public var overall: IntervalEstimate? { overallValue.estimate }

    /// The threshold at `note`; nil outside the range, beyond the notes answered, while its interval
    /// is too wide, or beyond the offsets asked but for the floor's exception (`value(at:)` says which).
    public func threshold(at note: MIDINote) -> IntervalEstimate? { value(at: note).estimate }

    /// The overall threshold as it can be said: above (below) when every key answered is, or when the
    /// fitted mean lies beyond the offsets asked and most (below: all) keys' answers bound it so, at
    /// the mean of their bounds (each key above its bound puts the mean above the bounds' mean); else
    /// as the fitted mean says. The answers at the extreme offsets are not pooled over the keys for it:
    /// where the threshold changes over the keyboard, the largest offsets are asked mostly on the keys
    /// where it is highest, and speak for those only (a 200→20 ct ramp, mean 78 ct, was said "above 79").
    public var overallValue: MeasuredValue {
        guard overallReachesKeys else { return .notEnoughAnswers }
        // In key order: a dictionary's order changes from run to run, and so would the mean's last digit.
        let answeredKeys = curve.keys.filter { notesAnswered.contains(Int($0.rawValue)) }.sorted()
        let keys = answeredKeys.map(value(at:))
        // (Equal bounds are their own mean, not a sum's rounding of it.)
        func mean(_ bounds: [Double]) -> Double { bounds.min() == bounds.max() ? bounds[0] : bounds.reduce(0, +) / Double(bounds.count) }
        let above = keys.compactMap { if case .above(let bound) = $0 { bound } else { nil } }
        if !keys.isEmpty, above.count == keys.count { return .above(mean(above)) }
        let below = keys.compactMap { if case .below(let bound) = $0 { bound } else { nil } }
        if !keys.isEmpty, below.count == keys.count { return .below(mean(below)) }
        // A mean fitted beyond the offsets asked, most keys' own answers bounding it the same way: each
        // key is above its bound, or above 0 where its answers show none, and so is the mean.
        let answered = answeredKeys.map { bounds[$0] ?? OffsetBounds() }
        let aboveAll = answered.compactMap(\.above), belowAll = answered.compactMap(\.below)
        if overallCurve.value > offsetsAsked.upperBound, !answered.isEmpty, 2 * aboveAll.count > answered.count {
            return .above(aboveAll.count == answered.count ? mean(aboveAll) : aboveAll.reduce(0, +) / Double(answered.count))
        }
        if overallCurve.value < offsetsAsked.lowerBound, !answered.isEmpty, belowAll.count == answered.count {
            return .below(mean(belowAll))
        }
        return said(overallCurve, bounds: OffsetBounds())
    }

    /// The threshold at `note` as it can be said.
    public func value(at note: MIDINote) -> MeasuredValue {
        guard notesAnswered.contains(Int(note.rawValue)), let estimate = curve[note] else { return .notEnoughAnswers }
        return said(estimate, bounds: bounds[note] ?? OffsetBounds())
    }

    /// The fitted curve at `note` however wide its interval, for a chart that shows the band: nil
    /// beyond the notes answered or the offsets asked, where the curve only extrapolates (unless it
    /// is said as fitted beneath the floor), and where the value is said as above or below them.
    public func plotted(at note: MIDINote) -> IntervalEstimate? {
        guard notesAnswered.contains(Int(note.rawValue)), let estimate = curve[note] else { return nil }
        switch value(at: note) {
        case .above, .below: return nil
        case .measured: return estimate
        case .notEnoughAnswers: return offsetsAsked.contains(estimate.value) ? estimate : nil
        }
    }

    /// A value beyond the offsets asked is an extrapolation: it is said as above or below only as far
    /// as the answers at the extreme offsets show by themselves (`OffsetBounds`), however wide or
    /// narrow its interval, else "not enough answers yet" (below the staircase's floor, where no
    /// answer can follow, the fit is said: `beneathTheFloor`). (The fit alone said "below 5.9 ct" of a
    /// 10 ct player after 50 answers, its value 5.8 (3.5–9.6); and, with a lapse rate fitted near its
    /// largest, "below 55 ct" of a 150 ct player answering at chance.) An interval reaching from below
    /// the answers' own upper bound to above it is cut to "below" it: the priors held it there, not the
    /// answers. An interval wholly above that bound is not: the bound rests on answers of every age,
    /// the fit on the player now (a 0.03 ct player whose threshold became 0.3 ct was still said "below
    /// 0.10 ct" 1,000 answers later, by their old answers at 0.1 ct, while the fit said 0.34 (0.32–0.37)).
    private func said(_ estimate: IntervalEstimate, bounds: OffsetBounds) -> MeasuredValue {
        let asked = offsetsAsked
        if estimate.value > asked.upperBound, let above = bounds.above { return .above(above) }
        if estimate.value < asked.lowerBound, let below = bounds.below { return .below(below) }
        if let below = bounds.below, estimate.low < below, estimate.high > below { return .below(below) }
        if estimate.value < asked.lowerBound, isAtFloor { return beneathTheFloor(estimate) }
        // An interval reaching above the largest offset asked (100 ct, where the staircase stops) rests on
        // the model beyond every answer: a 150 ct player was measured at 79–95 ct, (52–119) to (72–126),
        // after 50 answers (6 of 20). Not "above" either, even where the answers at the largest offsets
        // say so: the fitted value lies inside, and those answers may be old (a learner's).
        guard estimate.high <= asked.upperBound else { return .notEnoughAnswers }
        return estimate.isUseful && asked.contains(estimate.value) ? .measured(estimate) : .notEnoughAnswers
    }
}

extension ThresholdEstimate {
    /// Whether the staircase has asked its smallest offset (`StaircaseRule.offsetRange`, 0.1 ct):
    /// nothing will ever be asked further down.
    var isAtFloor: Bool { Self.isAtFloor(offsetsAsked) }

    static func isAtFloor(_ offsetsAsked: ClosedRange<Double>) -> Bool {
        offsetsAsked.lowerBound <= StaircaseRule.offsetRange.lowerBound
    }

    /// How far below the floor a fitted interval may begin and still be said as a number: the
    /// nearest group of offsets `OffsetBounds` pools.
    static let floorReach = 1.25

    /// How low a threshold can be measured with the offsets asked: once the floor has been asked,
    /// the floor / `floorReach` (a fit beneath it is said from there on); else the floor, where the
    /// staircase is still going.
    static func lowestMeasurable(_ offsetsAsked: ClosedRange<Double>) -> Double {
        isAtFloor(offsetsAsked) ? offsetsAsked.lowerBound / floorReach : StaircaseRule.offsetRange.lowerBound
    }

    /// A fitted value below the floor, where the answers cannot follow it, said as far as its interval
    /// goes: wholly below the offsets asked, "below" them; reaching into them from no further down
    /// than the floor / 1.25 (the nearest group `OffsetBounds` pools) and narrow enough, as fitted;
    /// reaching into them from further down, "below" its upper end while that is within twice the
    /// floor. Not "not enough answers yet", which more answers could end: at the floor none can.
    /// (Waiting for the answers at the floor to bound it by themselves, 40 of 40 simulated 0.07 ct
    /// players and 13 of 40 0.1 ct ones were "not enough answers yet" after 1,000 answers; a 0.1 ct
    /// player's keys were fitted a few % under the floor's bin, 0.0993–0.1013. Said as fitted from
    /// further down, a 0.03 ct player's keys read 0.07 (0.045–0.11): the priors hold the curve up
    /// where every answer at the floor is right.)
    func beneathTheFloor(_ estimate: IntervalEstimate) -> MeasuredValue {
        let floor = offsetsAsked.lowerBound
        if estimate.high < floor { return .below(floor) }
        if estimate.isUseful, estimate.low >= Self.lowestMeasurable(offsetsAsked) { return .measured(estimate) }
        return estimate.high <= 2 * floor ? .below(estimate.high) : .notEnoughAnswers
    }
}

extension IntervalEstimate {
    /// Whether the interval is narrow enough for the value to mean something.
    public var isUseful: Bool { high / low <= ThresholdEstimate.widestUsefulRatio }
}
