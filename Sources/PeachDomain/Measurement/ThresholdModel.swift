import Foundation

/// The shape of the fit: the log-threshold as a piecewise-linear curve over the reference notes
/// (knots every half octave), plus a factor per interval when a mode trains several, plus (for the
/// trend) a shift of the later part of the answers, plus the shared log-slope and lapse rate (as
/// `PsychometricFunction.lapseParameter`).
///
/// Priors are weak and say only what a musician would: thresholds are somewhere between a tenth of
/// a cent and a few hundred cents (log-normal around 10 ct), change smoothly over the keyboard
/// (a second-difference penalty whose strength the data choose), and the slope is typical of
/// pitch discrimination, and lapses are rare (around 2 %, rarely above 15 %). Little data gives wide
/// intervals, not wild values.
struct ThresholdModel: Sendable {
    static let knotSpacing = 6.0
    static let priorLogThreshold = log(10.0)
    static let priorLogThresholdSpread = 2.0
    static let priorLogSlope = log(3.5)
    static let priorLogSlopeSpread = 0.5
    static let priorFactorSpread = 1.0
    static let priorLapse = PsychometricFunction.lapseParameter(PsychometricFunction.typicalLapseRate)
    static let priorLapseSpread = 2.0

    let knots: [Double]
    /// Intervals with a factor of their own; empty when the answers use one interval only.
    let intervals: [DirectedInterval]
    let hasShift: Bool
    /// Prior standard deviation of a second difference of the knot values (smoothness).
    let smoothness: Double
    /// Where the knots' prior is centred, per knot (log cents); nil: at `priorLogThreshold`.
    let knotCentres: [Double]?

    init(notes: ClosedRange<Int>, intervals: [DirectedInterval], hasShift: Bool, smoothness: Double,
         knotCentres: [Double]? = nil) {
        let span = Double(notes.upperBound - notes.lowerBound)
        let count = max(2, Int((span / Self.knotSpacing).rounded()) + 1)
        knots = (0..<count).map { Double(notes.lowerBound) + span * Double($0) / Double(count - 1) }
        self.intervals = intervals.count > 1 ? intervals : []
        self.hasShift = hasShift
        self.smoothness = smoothness
        self.knotCentres = knotCentres?.count == count ? knotCentres : nil
    }

    var knotCount: Int { knots.count }
    var shiftIndex: Int? { hasShift ? knots.count + intervals.count : nil }
    var slopeIndex: Int { knots.count + intervals.count + (hasShift ? 1 : 0) }
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

    var priorMean: [Double] {
        var mean = [Double](repeating: 0, count: parameterCount)
        for k in 0..<knotCount { mean[k] = knotCentres?[k] ?? Self.priorLogThreshold }
        mean[slopeIndex] = Self.priorLogSlope
        mean[lapseIndex] = Self.priorLapse
        return mean
    }

    var priorPrecision: SymmetricMatrix {
        var precision = SymmetricMatrix(size: parameterCount)
        for k in 0..<knotCount { precision[k, k] += 1 / (Self.priorLogThresholdSpread * Self.priorLogThresholdSpread) }
        let curvature = 1 / (smoothness * smoothness)
        if knotCount >= 3 {
            for k in 0..<(knotCount - 2) {
                precision.addOuterProduct(indices: [k, k + 1, k + 2], values: [1, -2, 1], weight: curvature)
            }
        }
        for index in knotCount..<slopeIndex {
            precision[index, index] = 1 / (Self.priorFactorSpread * Self.priorFactorSpread)
        }
        precision[slopeIndex, slopeIndex] = 1 / (Self.priorLogSlopeSpread * Self.priorLogSlopeSpread)
        precision[lapseIndex, lapseIndex] = 1 / (Self.priorLapseSpread * Self.priorLapseSpread)
        return precision
    }
}
