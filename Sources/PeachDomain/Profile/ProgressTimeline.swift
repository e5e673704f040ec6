import Foundation

/// How each training mode has gone over time: answers grouped into buckets that coarsen with age
/// and an exponentially weighted moving average with a 7-day half-life.
///
/// The metric is the magnitude of the offset judged (Hear & Compare) or of the error left
/// (Tune & Match), in cents: lower is better in every mode. For Hear & Compare it describes the
/// offsets the staircase chose, not a threshold; the trend comes from fitted thresholds
/// (`ProgressChange`).
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

    public init(comparisons: some Sequence<ComparisonRecord>, pitchMatchings: some Sequence<PitchMatchingRecord>,
                now: Date, calendar: Calendar = .current) {
        var points: [TrainingMode: [(Date, Double)]] = [:]
        for record in comparisons {
            points[record.mode, default: []].append((record.timestamp, record.centOffset.magnitude.rawValue))
        }
        for record in pitchMatchings {
            points[record.mode, default: []].append((record.timestamp, record.userCentError.magnitude.rawValue))
        }
        var modes: [TrainingMode: ModeProgress] = [:]
        for mode in TrainingMode.allCases {
            let series = (points[mode] ?? []).sorted { $0.0 < $1.0 }
            let buckets = Self.buckets(of: series, now: now, calendar: calendar)
            modes[mode] = ModeProgress(mode: mode, buckets: buckets, ewma: Self.ewma(of: buckets), count: series.count)
        }
        self.modes = modes
    }

    public subscript(mode: TrainingMode) -> ModeProgress {
        modes[mode] ?? ModeProgress(mode: mode, buckets: [], ewma: nil, count: 0)
    }

    /// Groups time-ordered answers: sessions (a gap of 30 min or more starts a new one) within the last
    /// 24 h, calendar days within 7 days, calendar weeks within 30 days, calendar months before that.
    static func buckets(of series: [(Date, Double)], now: Date, calendar: Calendar) -> [Bucket] {
        var groups: [(size: BucketSize, start: Date, end: Date, values: WelfordAccumulator)] = []
        for (time, value) in series {
            let age = now.timeIntervalSince(time)
            let size: BucketSize = age < sessionZone ? .session : age < dayZone ? .day : age < weekZone ? .week : .month
            if let last = groups.last, last.size == size, size == .session ? time.timeIntervalSince(last.end) < sessionGap
                                                                           : time < last.end {
                groups[groups.count - 1].values.add(value)
                if size == .session { groups[groups.count - 1].end = time }
                continue
            }
            // A new bucket; the calendar is asked once per bucket, not once per answer.
            let period: DateInterval
            switch size {
            case .session: period = DateInterval(start: time, duration: 0)
            case .day: period = calendar.dateInterval(of: .day, for: time) ?? DateInterval(start: time, duration: 86400)
            case .week: period = calendar.dateInterval(of: .weekOfYear, for: time) ?? DateInterval(start: time, duration: 86400)
            case .month: period = calendar.dateInterval(of: .month, for: time) ?? DateInterval(start: time, duration: 86400)
            }
            groups.append((size, period.start, period.end, WelfordAccumulator([value])))
        }
        return groups.map {
            // invariant: a bucket is made with its first value, so it has a mean and a deviation.
            Bucket(size: $0.size, start: $0.start, mean: $0.values.mean!,
                   standardDeviation: $0.values.populationStandardDeviation!, count: $0.values.count)
        }
    }

    /// EWMA over the buckets in time order: E₀ = first mean, then E = α·m + (1 − α)·E with
    /// α = 1 − 2^(−Δt / half-life), Δt the time between the buckets' starts.
    static func ewma(of buckets: [Bucket]) -> Double? {
        guard var average = buckets.first?.mean else { return nil }
        for (previous, bucket) in zip(buckets, buckets.dropFirst()) {
            let elapsed = max(bucket.start.timeIntervalSince(previous.start), 0)
            let alpha = 1 - exp2(-elapsed / halfLife)
            average = alpha * bucket.mean + (1 - alpha) * average
        }
        return average
    }
}
