import Foundation

/// The grid the Psi method's posterior lives on (`PsiPosterior`): the threshold in log cents, the
/// slope and the lapse rate of `PsychometricFunction`, the same family the profile fits, with the
/// same priors (`ThresholdModel`), each on a few points; and the offsets a hearing check may ask.
/// The chance of a right answer for every candidate offset and every cell is computed once, when
/// the grid is first used, so a choice of offset is only sums over the table.
struct PsiGrid: Sendable {
    /// ln θ from 0.05 to 400 ct in steps of 0.1 (a factor of 1.105): fine enough for a 95 % interval
    /// of a factor 1.5 (0.4 in log) to span several points, wide enough for the profile's prior
    /// (10 ct e^±2·2) at the offsets asked.
    let logThresholds: [Double]
    let logThresholdStep: Double
    /// ln β at the profile's prior mean ± 2.25 standard deviations, 10 points.
    let slopes: [Double]
    /// The lapse rate's parameter at its prior mean ± 0.5 and ± 1.5 standard deviations: about
    /// 0.1 %, 0.8 %, 5 % and 15 %.
    let lapses: [Double]
    /// The offsets a check may ask, in log cents: 40 from 0.1 to 100 ct (the staircase's range), each
    /// a factor of 1.19 above the one before.
    let logOffsets: [Double]
    /// The prior of every cell (normalised), from the profile's priors.
    let prior: [Double]
    /// p(correct) for candidate offset c and cell k at `table[c * cellCount + k]`.
    let table: [Double]

    var cellCount: Int { logThresholds.count * cellsPerThreshold }
    var cellsPerThreshold: Int { slopes.count * lapses.count }

    static let standard = PsiGrid()

    init(thresholdRange: ClosedRange<Double> = 0.05...400, thresholdStep: Double = 0.1,
         slopeCount: Int = 10, offsetCount: Int = 40, offsetRange: ClosedRange<Double> = StaircaseRule.offsetRange) {
        let low = log(thresholdRange.lowerBound), high = log(thresholdRange.upperBound)
        let count = Int(((high - low) / thresholdStep).rounded()) + 1
        logThresholdStep = (high - low) / Double(count - 1)
        logThresholds = (0..<count).map { low + Double($0) * (high - low) / Double(count - 1) }
        let slopeSpread = ThresholdModel.priorLogSlopeSpread
        let slopeReach = 2.25
        let slopeSteps = (0..<slopeCount).map { -slopeReach + 2 * slopeReach * Double($0) / Double(slopeCount - 1) }
        slopes = slopeSteps.map { ThresholdModel.priorLogSlope + slopeSpread * $0 }
        let lapseSteps = [-1.5, -0.5, 0.5, 1.5]
        lapses = lapseSteps.map { ThresholdModel.priorLapse + ThresholdModel.priorLapseSpread * $0 }
        let (first, last) = (log(offsetRange.lowerBound), log(offsetRange.upperBound))
        logOffsets = (0..<offsetCount).map { first + (last - first) * Double($0) / Double(offsetCount - 1) }

        let thresholdSpread = ThresholdModel.priorLogThresholdSpread
        var prior: [Double] = []
        prior.reserveCapacity(count * slopeCount * lapseSteps.count)
        for logThreshold in logThresholds {
            let z = (logThreshold - ThresholdModel.priorLogThreshold) / thresholdSpread
            for slopeStep in slopeSteps {
                for lapseStep in lapseSteps {
                    prior.append(exp(-(z * z + slopeStep * slopeStep + lapseStep * lapseStep) / 2))
                }
            }
        }
        let total = prior.reduce(0, +)
        self.prior = prior.map { $0 / total }

        var table: [Double] = []
        table.reserveCapacity(logOffsets.count * prior.count)
        for logOffset in logOffsets {
            table.append(contentsOf: Self.row(logOffset: logOffset, logThresholds: logThresholds, slopes: slopes, lapses: lapses))
        }
        self.table = table
    }

    /// p(correct) at `logOffset` for every cell, in cell order.
    func row(logOffset: Double) -> [Double] {
        Self.row(logOffset: logOffset, logThresholds: logThresholds, slopes: slopes, lapses: lapses)
    }

    private static func row(logOffset: Double, logThresholds: [Double], slopes: [Double], lapses: [Double]) -> [Double] {
        var row: [Double] = []
        row.reserveCapacity(logThresholds.count * slopes.count * lapses.count)
        let lapseRates = lapses.map(PsychometricFunction.lapseRate)
        for logThreshold in logThresholds {
            for logSlope in slopes {
                let slope = exp(logSlope)
                for lapse in lapseRates {
                    row.append(PsychometricFunction.probabilityCorrect(logOffset: logOffset, logThreshold: logThreshold,
                                                                       slope: slope, lapse: lapse))
                }
            }
        }
        return row
    }
}
