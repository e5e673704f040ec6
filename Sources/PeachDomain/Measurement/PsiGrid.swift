import Foundation

/// The grid the Psi method's posterior lives on (`PsiPosterior`): the threshold as a straight line
/// in log cents over the note range (its level at the range's middle and its tilt from the lowest
/// note to the highest, as the profile's curve has a tilt), the slope and the lapse rate of
/// `PsychometricFunction`, the same family the profile fits, with the same priors
/// (`ThresholdModel`), each on a few points; and the offsets a hearing check may ask.
///
/// The chance of a right answer for every candidate offset, every level (widened by what a tilt can
/// move a note's threshold) and every slope and lapse rate is computed once, when the grid is first
/// used, so that a choice of offset is only sums over the table.
struct PsiGrid: Sendable {
    /// ln θ at the range's middle, from 0.05 to 400 ct in steps of 0.1 (a factor of 1.105): fine
    /// enough for a 95 % interval of a factor 1.5 (0.4 in log) to span several points, wide enough
    /// for the profile's prior (10 ct e^±2·2) at the offsets asked.
    let levels: [Double]
    let step: Double
    /// ln(θ at the highest note / θ at the lowest), −2 to 2 in steps of 0.5: a threshold up to 7.4
    /// times as large at one end of the range as at the other (`tiltPrior`).
    let tilts: [Double]
    /// ln β at the profile's prior mean ± 2.25 standard deviations, 10 points.
    let slopes: [Double]
    /// The lapse rate's parameter at its prior mean ± 0.5 and ± 1.5 standard deviations: about
    /// 0.1 %, 0.8 %, 5 % and 15 %.
    let lapses: [Double]
    /// The offsets a check may ask, in log cents: 40 from 0.1 to 100 ct (the staircase's range), each
    /// a factor of 1.19 above the one before.
    let logOffsets: [Double]
    /// The prior of every cell (normalised), cells ordered level, tilt, slope, lapse rate.
    let prior: [Double]
    /// Each tilt's overall threshold (the mean of e^(level + tilt · x) over x from −½ to ½, the range's
    /// notes) against its level, in whole steps: a cell's overall threshold is at level index + this.
    let overallShift: [Int]
    /// Levels the table holds beyond each end of `levels`: the most a tilt moves a note's threshold.
    let margin: Int
    /// p(correct) for candidate offset c, widened level e (`margin` below `levels` to `margin` above)
    /// and slope-and-lapse q at `table[(c * widenedCount + e) * cellsPerTilt + q]`.
    let table: [Double]

    var cellsPerTilt: Int { slopes.count * lapses.count }
    var cellsPerLevel: Int { tilts.count * cellsPerTilt }
    var cellCount: Int { levels.count * cellsPerLevel }
    var widenedCount: Int { levels.count + 2 * margin }
    /// The overall threshold's bins: one per level, and the largest shift above.
    var overallCount: Int { levels.count + (overallShift.max() ?? 0) }

    static let standard = PsiGrid()

    /// The prior's share of players whose threshold is even over the range (tilt 0); the rest is
    /// spread over the tilts as the profile's prior spreads them (normal, spread 2). With the
    /// profile's prior alone every check paid for the tilts most players do not have: on 100 simulated
    /// players each, even ones of 8 ct (Weibull 2.5) were within ±20 % for 81 % instead of 90 %; with
    /// this share for 92 %, and a 30→4 ct ramp for 63 % instead of 53 % (`make bench`).
    static let evenShare = 0.7
    static let tiltSpread = ThresholdModel.priorTiltSpread

    init(levelRange: ClosedRange<Double> = 0.05...400, levelStep: Double = 0.1, tiltReach: Double = 2, tiltStep: Double = 0.5,
         slopeCount: Int = 10, offsetCount: Int = 40, offsetRange: ClosedRange<Double> = StaircaseRule.offsetRange) {
        let low = log(levelRange.lowerBound), high = log(levelRange.upperBound)
        let count = Int(((high - low) / levelStep).rounded()) + 1
        step = (high - low) / Double(count - 1)
        levels = (0..<count).map { low + Double($0) * (high - low) / Double(count - 1) }
        let tiltCount = Int((2 * tiltReach / tiltStep).rounded()) + 1
        tilts = (0..<tiltCount).map { -tiltReach + Double($0) * tiltStep }
        let slopeReach = 2.25
        let slopeSteps = (0..<slopeCount).map { -slopeReach + 2 * slopeReach * Double($0) / Double(slopeCount - 1) }
        slopes = slopeSteps.map { ThresholdModel.priorLogSlope + ThresholdModel.priorLogSlopeSpread * $0 }
        let lapseSteps = [-1.5, -0.5, 0.5, 1.5]
        lapses = lapseSteps.map { ThresholdModel.priorLapse + ThresholdModel.priorLapseSpread * $0 }
        let (first, last) = (log(offsetRange.lowerBound), log(offsetRange.upperBound))
        logOffsets = (0..<offsetCount).map { first + (last - first) * Double($0) / Double(offsetCount - 1) }
        let step = step
        overallShift = tilts.map { tilt in
            let half = tilt / 2
            return Int((log(abs(half) < 1e-9 ? 1 : sinh(half) / half) / step).rounded())
        }
        margin = Int((tiltReach / 2 / step).rounded(.up))
        prior = Self.prior(levels: levels, tilts: tilts, slopeSteps: slopeSteps, lapseSteps: lapseSteps)

        var table: [Double] = []
        let lapseRates = lapses.map(PsychometricFunction.lapseRate)
        table.reserveCapacity(logOffsets.count * (count + 2 * margin) * slopes.count * lapses.count)
        for logOffset in logOffsets {
            for widened in -margin..<(count + margin) {
                let level = low + Double(widened) * step
                for logSlope in slopes {
                    let slope = exp(logSlope)
                    for lapse in lapseRates {
                        table.append(PsychometricFunction.probabilityCorrect(logOffset: logOffset, logThreshold: level,
                                                                             slope: slope, lapse: lapse))
                    }
                }
            }
        }
        self.table = table
    }

    /// The profile's priors (log-normal level around 10 ct, slope and lapse rate) and `tiltPrior`.
    private static func prior(levels: [Double], tilts: [Double], slopeSteps: [Double], lapseSteps: [Double]) -> [Double] {
        var prior: [Double] = []
        prior.reserveCapacity(levels.count * tilts.count * slopeSteps.count * lapseSteps.count)
        let tiltShares = Self.tiltPrior(tilts)
        for level in levels {
            let z = (level - ThresholdModel.priorLogThreshold) / ThresholdModel.priorLogThresholdSpread
            for tiltShare in tiltShares {
                for slopeStep in slopeSteps {
                    for lapseStep in lapseSteps {
                        prior.append(tiltShare * exp(-(z * z + slopeStep * slopeStep + lapseStep * lapseStep) / 2))
                    }
                }
            }
        }
        let total = prior.reduce(0, +)
        return prior.map { $0 / total }
    }

    /// Each tilt's prior share: `evenShare` at tilt 0, the rest normal over the tilts.
    static func tiltPrior(_ tilts: [Double]) -> [Double] {
        let normal = tilts.map { exp(-($0 / tiltSpread) * ($0 / tiltSpread) / 2) }
        let total = normal.reduce(0, +)
        return zip(tilts, normal).map { tilt, density in
            (1 - evenShare) * density / total + (tilt.magnitude < 1e-9 ? evenShare : 0)
        }
    }

    /// p(correct) at `logOffset` on a note at `position` (−½ lowest to ½ highest) for every cell.
    func row(logOffset: Double, position: Double) -> [Double] {
        var row: [Double] = []
        row.reserveCapacity(cellCount)
        let lapseRates = lapses.map(PsychometricFunction.lapseRate)
        let slopeValues = slopes.map { exp($0) }
        for level in levels {
            for tilt in tilts {
                let threshold = level + tilt * position
                for slope in slopeValues {
                    for lapse in lapseRates {
                        row.append(PsychometricFunction.probabilityCorrect(logOffset: logOffset, logThreshold: threshold,
                                                                           slope: slope, lapse: lapse))
                    }
                }
            }
        }
        return row
    }
}
