import Foundation

/// How each training mode has gone over time: answers grouped into buckets that coarsen with age
/// and an exponentially weighted moving average with a 7-day half-life (`TimelineBuckets.movingAverage`).
///
/// The metric is the magnitude of the offset judged (Hear & Compare) or of the error left
/// (Tune & Match), in cents: lower is better in every mode. For Hear & Compare it describes the
/// offsets the staircase chose, not a threshold; the trend comes from fitted thresholds
/// (`ProgressChange`). The rhythm modes' (`RhythmTimeline`) are in milliseconds: the offset of the
/// moved click (Compare Timing), a trial's mean distance from its gaps (Fill the Gap).
public struct ProgressTimeline: Sendable {
    public static let sessionGap: TimeInterval = 30 * 60
    public static let sessionZone: TimeInterval = 24 * 3600
    public static let dayZone: TimeInterval = 7 * 86400
    public static let weekZone: TimeInterval = 30 * 86400
    public static let halfLife: TimeInterval = 7 * 86400

    public enum BucketSize: String, Hashable, Sendable {
        case session, day, week, month
    }

    public struct Bucket: Hashable, Sendable {
        public let size: BucketSize
        /// The first answer's time for a session; the calendar period's start otherwise.
        public let start: Date
        public let mean: Double
        /// Population standard deviation of the bucket's answers.
        public let standardDeviation: Double
        public let count: Int
    }

    public enum Trend: String, Hashable, Sendable {
        case improving, stable, declining
    }

    public struct ModeProgress: Hashable, Sendable {
        public let mode: TrainingMode
        public let buckets: [Bucket]
        public let ewma: Double?
        public let count: Int
    }

    public let modes: [TrainingMode: ModeProgress]

    public init(compareAnswers: some Sequence<CompareAnswer>, matchAnswers: some Sequence<MatchAnswer>,
                now: Date, calendar: any TrainingCalendar) {
        var points: [TrainingMode: [(Date, Double)]] = [:]
        for record in compareAnswers {
            points[record.mode, default: []].append((record.timestamp, record.centOffset.magnitude.rawValue))
        }
        for record in matchAnswers {
            points[record.mode, default: []].append((record.timestamp, record.userCentError.magnitude.rawValue))
        }
        var grouped: [TrainingMode: TimelineBuckets] = [:]
        for mode in TrainingMode.allCases {
            var buckets = TimelineBuckets(now: now, calendar: calendar)
            for (time, value) in (points[mode] ?? []).sorted(by: { $0.0 < $1.0 }) { buckets.add(time: time, value: value) }
            grouped[mode] = buckets
        }
        self.init(grouped)
    }

    /// The timeline of answers already grouped per mode (see `TimelineBuckets`).
    public init(_ grouped: [TrainingMode: TimelineBuckets]) {
        var modes: [TrainingMode: ModeProgress] = [:]
        for (mode, grouping) in grouped {
            let buckets = grouping.buckets
            modes[mode] = ModeProgress(mode: mode, buckets: buckets, ewma: grouping.movingAverage, count: grouping.count)
        }
        self.modes = modes
    }

    public subscript(mode: TrainingMode) -> ModeProgress {
        modes[mode] ?? ModeProgress(mode: mode, buckets: [], ewma: nil, count: 0)
    }
}
