import Foundation

/// The Compare Timing threshold of one direction in one tempo band: the offset, as a share of a
/// sixteenth, answered correctly 75 % of the time, with its 95 % interval.
///
/// The same two-alternative model as Hear & Compare (`PsychometricFunction`), evaluated on a grid
/// of thresholds (0.1 %…100 % of a sixteenth, log-spaced), slopes and lapse rates; the posterior
/// (flat in log threshold, the lapse rate's prior around 2 %) is summed over slope and lapse, and
/// its median and 2.5 %/97.5 % quantiles are the value and interval. The answers are binned by
/// offset (2 % steps in log), so a fit costs the same for a hundred answers or a million.
public struct TimingFit: Sendable {
    static let logThresholds: [Double] = (0...120).map { (index: Int) -> Double in
        let lowest: Double = log(0.001)
        return lowest + Double(index) * -lowest / 120
    }
    static let slopes: [Double] = [1, 1.5, 2, 3, 4, 6]
    static let lapses: [(rate: Double, prior: Double)] = [(0.0, 0.3), (0.02, 0.4), (0.05, 0.2), (0.1, 0.1)]
    static let binStep = 0.02

    /// Per offset bin (log share / `binStep`, rounded): answers, right answers.
    private var bins: [Int: (count: Double, right: Double)] = [:]
    public private(set) var count = 0
    private var sixteenthSum = 0.0
    private var smallest = Double.infinity
    private var largest = 0.0

    public init() {}

    public mutating func add(share: Double, sixteenth: Double, isCorrect: Bool) {
        guard share > 0, share.isFinite else { return }
        let key = Int((log(share) / Self.binStep).rounded())
        bins[key, default: (0, 0)].count += 1
        if isCorrect { bins[key, default: (0, 0)].right += 1 }
        count += 1
        sixteenthSum += sixteenth
        smallest = min(smallest, share)
        largest = max(largest, share)
    }

    /// The threshold in milliseconds (at the answers' mean sixteenth) and as a share of a sixteenth;
    /// nil below `ThresholdEstimator.minimumAnswers` answers.
    public var estimate: RhythmThreshold? {
        guard Double(count) >= ThresholdEstimator.minimumAnswers else { return nil }
        var mass = Array(repeating: 0.0, count: Self.logThresholds.count)
        var logPosterior: [[Double]] = []
        // In offset order: a dictionary's order differs from one instance to the next, and so would
        // the sums' last digits for the same answers.
        let offsets = bins.sorted { $0.key < $1.key }
        var highest = -Double.infinity
        for logThreshold in Self.logThresholds {
            var row: [Double] = []
            for slope in Self.slopes {
                for lapse in Self.lapses {
                    var sum = log(lapse.prior)
                    for (key, counts) in offsets {
                        let p = PsychometricFunction.probabilityCorrect(
                            logOffset: Double(key) * Self.binStep, logThreshold: logThreshold, slope: slope, lapse: lapse.rate)
                        sum += counts.right * log(max(p, 1e-12)) + (counts.count - counts.right) * log(max(1 - p, 1e-12))
                    }
                    row.append(sum)
                    highest = max(highest, sum)
                }
            }
            logPosterior.append(row)
        }
        for (index, row) in logPosterior.enumerated() { mass[index] = row.reduce(0) { $0 + exp($1 - highest) } }
        let total = mass.reduce(0, +)
        func quantile(_ q: Double) -> Double {
            var running = 0.0
            for (index, value) in mass.enumerated() {
                let next = running + value / total
                if next >= q {
                    // Linear within the grid cell.
                    let within = value > 0 ? (q - running) / (value / total) : 0
                    let step = Self.logThresholds[1] - Self.logThresholds[0]
                    return exp(Self.logThresholds[index] - step / 2 + within * step)
                }
                running = next
            }
            return exp(Self.logThresholds[Self.logThresholds.count - 1])
        }
        let sixteenthMs = sixteenthSum / Double(count) * 1000
        return RhythmThreshold(share: IntervalEstimate(value: quantile(0.5), low: quantile(0.025), high: quantile(0.975)),
                               sixteenthMs: sixteenthMs, offsetsAsked: smallest...largest)
    }
}

/// A Compare Timing threshold: as a share of a sixteenth, and in milliseconds at the sixteenth the
/// answers were played at on average.
public struct RhythmThreshold: Hashable, Sendable {
    public let share: IntervalEstimate
    public let sixteenthMs: Double
    /// The smallest and largest offsets asked, as shares.
    public let offsetsAsked: ClosedRange<Double>

    public var milliseconds: IntervalEstimate { share.scaled(by: sixteenthMs) }
    public var percent: IntervalEstimate { share.scaled(by: 100) }
}
