import Foundation

/// What the rhythm answers say: Compare Timing's thresholds per tempo band and direction, and Fill
/// the Gap's bias and spread, overall and per gap position. Built one answer at a time, as the
/// pitch profile is.
public struct RhythmProfile: Sendable {
    public private(set) var timingCount = 0
    public private(set) var gapFillCount = 0
    private var timing: [TempoBand: [TimingDirection: TimingFit]] = [:]
    /// The band of the most recent Compare Timing answer.
    public private(set) var latestBand: TempoBand?
    private var taps = TapStatistics()
    private var tapsByPosition: [GapPosition: TapStatistics] = [:]
    /// The iOS app's trials keep only their means: used for the bias when no taps are known.
    private var trialMeans = TapStatistics()
    private var trialMeansByPosition: [GapPosition: TapStatistics] = [:]
    public private(set) var hits = 0
    public private(set) var misses = 0

    public init() {}

    public mutating func add(_ answer: TimingAnswer) {
        timingCount += 1
        let band = TempoBand(containing: answer.tempo)
        let sixteenth = answer.tempo.sixteenth
        let direction: TimingDirection = answer.offsetMs < 0 ? .early : .late
        timing[band, default: [:]][direction, default: TimingFit()]
            .add(share: abs(answer.offsetMs) / 1000 / sixteenth, sixteenth: sixteenth, isCorrect: answer.isCorrect)
        latestBand = band
    }

    public mutating func add(_ answer: GapFillAnswer) {
        gapFillCount += 1
        if let detail = answer.taps {
            for tap in detail.hits {
                taps.add(tap.offsetMs)
                tapsByPosition[tap.position, default: TapStatistics()].add(tap.offsetMs)
            }
            hits += detail.hits.count
            misses += detail.misses
        } else {
            trialMeans.add(answer.meanOffsetMs)
            for (index, mean) in answer.meanOffsetMsByPosition.enumerated() {
                guard let mean, let position = GapPosition(rawValue: index) else { continue }
                trialMeansByPosition[position, default: TapStatistics()].add(mean)
            }
        }
    }

    /// The bands with Compare Timing answers, slowest first.
    public var timingBands: [TempoBand] { timing.keys.sorted() }

    /// A band's thresholds, per direction; nil where too few answers.
    public func threshold(band: TempoBand, direction: TimingDirection) -> RhythmThreshold? {
        timing[band]?[direction]?.estimate
    }

    /// Fill the Gap's bias (mean signed offset, ms) and spread (standard deviation, ms) over every
    /// tap; from the iOS app's trial means when no taps are kept (bias only).
    public var tapping: TapFigures { figures(taps, means: trialMeans) }

    public func tapping(at position: GapPosition) -> TapFigures {
        figures(tapsByPosition[position] ?? TapStatistics(), means: trialMeansByPosition[position] ?? TapStatistics())
    }

    private func figures(_ taps: TapStatistics, means: TapStatistics) -> TapFigures {
        taps.count >= 2 ? TapFigures(bias: taps.meanInterval, spread: taps.spreadInterval)
                        : TapFigures(bias: means.meanInterval, spread: nil)
    }
}

/// Fill the Gap's figures, in milliseconds with 95 % intervals; nil where nothing is known.
public struct TapFigures: Hashable, Sendable {
    public let bias: IntervalEstimate?
    public let spread: IntervalEstimate?
}

/// Mean and spread of offsets, with their 95 % intervals (normal theory).
struct TapStatistics: Sendable {
    private var accumulator = WelfordAccumulator()

    var count: Int { accumulator.count }

    mutating func add(_ value: Double) { accumulator.add(value) }

    var meanInterval: IntervalEstimate? {
        guard count >= 1, let mean = accumulator.mean else { return nil }
        guard count >= 2, let sd = accumulator.standardDeviation else { return IntervalEstimate(value: mean, low: mean, high: mean) }
        let half = 1.96 * sd / Double(count).squareRoot()
        return IntervalEstimate(value: mean, low: mean - half, high: mean + half)
    }

    /// The standard deviation; its interval from the normal approximation of log s.
    var spreadInterval: IntervalEstimate? {
        guard count >= 2, let sd = accumulator.standardDeviation else { return nil }
        let factor = exp(1.96 / (2 * Double(count - 1)).squareRoot())
        return IntervalEstimate(value: sd, low: sd / factor, high: sd * factor)
    }
}
