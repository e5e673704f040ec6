import Foundation

/// The shape of the fit: the log-threshold as a piecewise-linear curve over the reference notes
/// (knots every half octave), plus a factor per interval when a mode trains several, plus (for dated
/// answers) the curve's shift in the past relative to now, plus the shared log-slope and lapse rate (as
/// `PsychometricFunction.lapseParameter`).
///
/// Priors are weak and say only what a musician would: thresholds are somewhere between a tenth of
/// a cent and a few hundred cents (log-normal around 10 ct), change smoothly over the keyboard
/// (a heavy-tailed prior on each bend, `CurvaturePrior`, whose scale the data choose) and over time (learning, whose
/// pace the data choose), and the slope is typical of pitch discrimination, and lapses are rare
/// (around 2 %, rarely above 15 %). Little data gives wide intervals, not wild values.
struct ThresholdModel: Sendable {
    static let knotSpacing = 6.0
    static let priorLogThreshold = log(10.0)
    /// The prior spread of the curve's mean, over its knots (log units): 10 ct e^±3.9, 0.2 to
    /// 500 ct. (When each knot had this spread of its own, the smoothness tying the knots together made
    /// the mean's prior √9 = 3 times as tight, 2.7 to 37 ct, and the curve was pulled to the answers'
    /// edge: a 0.03 ct player whose staircase had got to 0.47 ct was measured at 0.46 (0.28–0.76) after
    /// 300 answers (15 of 40; now none), a 0.3 ct player's interval held the truth for 21 of 40 (now
    /// 32), an 80 ct player at 100 answers was measured 0.75× too low (now 0.87×).)
    static let priorLogThresholdSpread = 2.0
    /// The prior spread of the curve's tilt, its least-squares line's rise from the lowest knot to the
    /// highest (log units): the two ends of the range rarely differ by more than e^4 (what the knots'
    /// own priors used to give it, for nine knots). The second differences are the smoothness's. (Four
    /// instead: a 0.3 ct player at 300 answers within ±15 % for 64 of 80 instead of 55, a 200→20 ct
    /// ramp for 31 instead of 40.)
    static let priorTiltSpread = 2.0
    static let priorLogSlope = log(3.5)
    static let priorLogSlopeSpread = 0.5
    static let priorFactorSpread = 1.0
    static let priorLapse = PsychometricFunction.lapseParameter(PsychometricFunction.typicalLapseRate)
    static let priorLapseSpread = 2.0
    /// The ages, in thousands of answers, at which the curve's past shift is a parameter (at age 0 it
    /// is the curve itself); linear between them, constant beyond the last.
    static let ageKnots = [0.5, 1, 2, 3, 5]
    /// The prior spread of how fast a threshold changes now, in log units per thousand answers, each
    /// fitted and weighed by the data (`WeightedFits`), slower ones a little preferred
    /// (`ThresholdEstimator.score`): a player who halves theirs over 2,000 answers changes by 0.35 per
    /// thousand, a beginner going from 40 to 10 ct in 1,000 answers by 1.4. How much that rate itself
    /// changes per thousand answers (learning slows down, or stops) is 0.6 times as much.
    static let driftChoices = [0.05, 0.15, 0.5, 1.5]
    static let driftChangeShare = 0.6
    /// Each past shift (log units against now) ~ N(0, 1²) besides: a player's threshold a few thousand
    /// answers ago was rarely more than e² (7×) from theirs now. It keeps a fast pace from carrying a
    /// beginner's first rapid gains on after they stop: 500 answers after going from 40 to 10 ct in
    /// 1,000, without it the fast pace measured them 10 % too low, the interval missing for 6 of 20.
    static let priorPastShiftSpread = 1.0

    let knots: [Double]
    /// Intervals with a factor of their own; empty when the answers use one interval only.
    let intervals: [DirectedInterval]
    /// Whether the whole curve moves with the answers' age (`AnswerBins.Counts.age`), smoothly, as
    /// the player learns: the curve is then the player's now, not the weighted mean of their past.
    /// The value is the prior spread of the rate of change now (`driftChoices`); nil: no drift.
    let drift: Double?
    var hasDrift: Bool { drift != nil }
    /// The scale of the prior on a second difference of the knot values, a bend (`CurvaturePrior`).
    let smoothness: Double

    /// The log slope this model holds (the prior then `heldSlopeSpread` wide) instead of fitting it:
    /// one node of `WeightedFits.overSlopes`. Nil: fitted, with the prior above.
    var heldLogSlope: Double?
    static let heldSlopeSpread = 0.001

    init(notes: ClosedRange<Int>, intervals: [DirectedInterval], drift: Double? = nil, smoothness: Double) {
        let span = Double(notes.upperBound - notes.lowerBound)
        let count = max(2, Int((span / Self.knotSpacing).rounded()) + 1)
        knots = (0..<count).map { Double(notes.lowerBound) + span * Double($0) / Double(count - 1) }
        self.intervals = intervals.count > 1 ? intervals : []
        self.drift = drift
        self.smoothness = smoothness
    }

    var knotCount: Int { knots.count }
    /// The index of the first of the past shifts (`ageKnots`).
    var ageIndex: Int? { hasDrift ? knots.count + intervals.count : nil }
    var slopeIndex: Int { knots.count + intervals.count + (hasDrift ? Self.ageKnots.count : 0) }
    var lapseIndex: Int { slopeIndex + 1 }
    var parameterCount: Int { lapseIndex + 1 }

    func intervalIndex(_ interval: DirectedInterval) -> Int? {
        intervals.firstIndex(of: interval).map { knots.count + $0 }
    }

    /// The two knots around `note` and their weights (clamped to the ends).
    func basis(_ note: Double) -> (index: Int, upperWeight: Double) {
        let clamped = min(max(note, knots[0]), knots[knots.count - 1])
        let step = knots[1] - knots[0]
        let index = min(Int((clamped - knots[0]) / step), knots.count - 2)
        return (index, (clamped - knots[index]) / step)
    }

    /// The two past shifts around `age` (−1 for age 0, which is no parameter) and the weight of the
    /// upper; nil without a drift.
    func ageBasis(_ age: Double) -> (lower: Int, upper: Int, upperWeight: Double)? {
        guard let first = ageIndex, age > 0 else { return nil }
        let ages = [0] + Self.ageKnots
        guard age < ages[ages.count - 1] else { return (first + ages.count - 3, first + ages.count - 2, 1) }
        let segment = ages.firstIndex { $0 > age } ?? ages.count - 1
        let (from, to) = (ages[segment - 1], ages[segment])
        return (segment >= 2 ? first + segment - 2 : -1, first + segment - 1, (age - from) / (to - from))
    }

    var priorMean: [Double] {
        var mean = [Double](repeating: 0, count: parameterCount)
        for k in 0..<knotCount { mean[k] = Self.priorLogThreshold }
        mean[slopeIndex] = heldLogSlope ?? Self.priorLogSlope
        mean[lapseIndex] = Self.priorLapse
        return mean
    }

    /// The prior as the fit uses it: a normal one for all but the bends, whose prior is `curvature`.
    var prior: Prior {
        Prior(mean: priorMean, precision: priorPrecision(bends: false), curvature: CurvaturePrior(spread: smoothness),
              bends: max(knotCount - 2, 0), normalLogDeterminant: priorPrecision.cholesky()?.logDeterminant)
    }

    /// A bend: the second difference of knots k, k + 1, k + 2 (their values times these).
    static let bendCoefficients = [1.0, -2.0, 1.0]

    static func bend(at k: Int, of theta: [Double]) -> Double {
        theta[k] - 2 * theta[k + 1] + theta[k + 2]
    }

    struct Prior: Sendable {
        let mean: [Double]
        /// The precision of the normal part (the bends left out).
        let precision: SymmetricMatrix
        let curvature: CurvaturePrior
        /// How many bends: the second differences of knots 0, 1, 2 up to count − 3, count − 2, count − 1.
        let bends: Int
        /// log det of the precision with normal bends of the same spread: the evidence's normaliser
        /// (with `CurvaturePrior.normaliserAgainstNormal` per bend).
        let normalLogDeterminant: Double?
    }

    /// The precision of the prior with the bends normal, of spread `smoothness` (the normaliser's).
    var priorPrecision: SymmetricMatrix { priorPrecision(bends: true) }

    private func priorPrecision(bends: Bool) -> SymmetricMatrix {
        var precision = SymmetricMatrix(size: parameterCount)
        addMeanAndTiltPrior(to: &precision)
        let curvature = 1 / (smoothness * smoothness)
        if bends, knotCount >= 3 {
            for k in 0..<(knotCount - 2) {
                precision.addBend(at: k, weight: curvature)
            }
        }
        for index in knotCount..<(ageIndex ?? slopeIndex) {
            precision[index, index] = 1 / (Self.priorFactorSpread * Self.priorFactorSpread)
        }
        for index in ageIndex.map({ $0..<slopeIndex }) ?? 0..<0 {
            precision[index, index] = 1 / (Self.priorPastShiftSpread * Self.priorPastShiftSpread)
        }
        if let first = ageIndex, let drift { addDriftPrior(to: &precision, first: first, spread: drift) }
        let slopeSpread = heldLogSlope == nil ? Self.priorLogSlopeSpread : Self.heldSlopeSpread
        precision[slopeIndex, slopeIndex] = 1 / (slopeSpread * slopeSpread)
        precision[lapseIndex, lapseIndex] = 1 / (Self.priorLapseSpread * Self.priorLapseSpread)
        return precision
    }

    /// The curve's mean (over its knots) ~ N(priorLogThreshold, priorLogThresholdSpread²) and its tilt
    /// ~ N(0, priorTiltSpread²); with the smoothness's second differences they make a proper prior.
    private func addMeanAndTiltPrior(to precision: inout SymmetricMatrix) {
        let knots = Array(0..<knotCount)
        let count = Double(knotCount)
        precision.addOuterProduct(indices: knots, values: knots.map { _ in 1 / count },
                                  weight: 1 / (Self.priorLogThresholdSpread * Self.priorLogThresholdSpread))
        let centre = (count - 1) / 2
        let spread = knots.reduce(0) { $0 + (Double($1) - centre) * (Double($1) - centre) }
        precision.addOuterProduct(indices: knots, values: knots.map { (Double($0) - centre) * (count - 1) / spread },
                                  weight: 1 / (Self.priorTiltSpread * Self.priorTiltSpread))
    }

    /// The rate of change now (the first segment's slope) ~ N(0, spread²), and each change of rate from
    /// one segment to the next ~ N(0, (driftChangeShare · spread)² per thousand answers) (each past
    /// shift's own N(0, priorPastShiftSpread²) is added in `priorPrecision`).
    private func addDriftPrior(to precision: inout SymmetricMatrix, first: Int, spread: Double) {
        let ages = [0] + Self.ageKnots
        precision.addOuterProduct(indices: [first], values: [1 / ages[1]], weight: 1 / (spread * spread))
        let changeSpread = Self.driftChangeShare * spread
        for k in 1..<(ages.count - 1) {
            let before = ages[k] - ages[k - 1], after = ages[k + 1] - ages[k]
            // (g[k+1] − g[k]) / after − (g[k] − g[k−1]) / before, g[0] being 0.
            var indices = [first + k - 1, first + k]
            var values = [-1 / after - 1 / before, 1 / after]
            if k >= 2 { indices.append(first + k - 2); values.append(1 / before) }
            let variance = changeSpread * changeSpread * (before + after) / 2
            precision.addOuterProduct(indices: indices, values: values, weight: 1 / variance)
        }
    }
}
