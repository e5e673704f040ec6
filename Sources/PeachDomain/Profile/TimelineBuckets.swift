import Foundation

/// One mode's answers grouped as the progress timeline groups them, built one answer at a time in
/// time order: sessions (a gap of 30 min or more starts a new one) within the last 24 h, calendar
/// days within 7 days, calendar weeks within 30 days, calendar months before that. Holds one
/// running mean per bucket, never the answers, so a history of any length costs a few buckets.
public struct TimelineBuckets: Sendable {
    private struct Group: Sendable {
        let size: ProgressTimeline.BucketSize
        let start: Date
        var end: Date
        var values: WelfordAccumulator
    }

    public private(set) var now: Date
    public let calendar: any TrainingCalendar
    private var groups: [Group] = []
    /// Σ v·2^((t − newest)/half-life) and Σ 2^((t − newest)/half-life) over the answers, `newest`
    /// the latest answer's time: the moving average, which the buckets' coarsening cannot move.
    private var weightedValues = 0.0
    private var weights = 0.0
    private var newest: Date?

    public init(now: Date, calendar: any TrainingCalendar) {
        self.now = now
        self.calendar = calendar
    }

    /// The same grouping as of a later `now`. Exact for answers in the month zone at the old `now`
    /// (older than `ProgressTimeline.weekZone`): they are grouped by calendar month either way.
    public mutating func move(to later: Date) {
        now = max(now, later)
    }

    /// How many answers were added.
    public private(set) var count = 0

    /// Adds an answer no older than the one before. True when it starts a new bucket, i.e. the
    /// bucket before it (if any) is complete.
    @discardableResult
    public mutating func add(time: Date, value: Double) -> Bool {
        count += 1
        if let newest, time > newest {
            let decay = exp2(-time.timeIntervalSince(newest) / ProgressTimeline.halfLife)
            weightedValues *= decay
            weights *= decay
        }
        let weight = newest.map { time < $0 ? exp2(-$0.timeIntervalSince(time) / ProgressTimeline.halfLife) : 1 } ?? 1
        weightedValues += weight * value
        weights += weight
        newest = max(newest ?? time, time)
        let age = now.timeIntervalSince(time)
        let size: ProgressTimeline.BucketSize = age < ProgressTimeline.sessionZone ? .session
            : age < ProgressTimeline.dayZone ? .day : age < ProgressTimeline.weekZone ? .week : .month
        if let last = groups.last, last.size == size,
           size == .session ? time.timeIntervalSince(last.end) < ProgressTimeline.sessionGap : time < last.end {
            groups[groups.count - 1].values.add(value)
            if size == .session { groups[groups.count - 1].end = time }
            return false
        }
        // A new bucket; the calendar is asked once per bucket, not once per answer.
        let period: DateInterval
        switch size {
        case .session: period = DateInterval(start: time, duration: 0)
        case .day: period = calendar.interval(of: .day, containing: time)
        case .week: period = calendar.interval(of: .week, containing: time)
        case .month: period = calendar.interval(of: .month, containing: time)
        }
        groups.append(Group(size: size, start: period.start, end: period.end, values: WelfordAccumulator([value])))
        return true
    }

    /// The mean of every answer's value, each weighted by 2^(−age / half-life): an answer a half-life
    /// older counts half. Weighted by the answers' times only, so it does not change as time passes.
    public var movingAverage: Double? { weights > 0 ? weightedValues / weights : nil }

    /// The buckets so far, oldest first; the last one may still grow.
    public var buckets: [ProgressTimeline.Bucket] { groups.map(Self.bucket) }

    /// The newest bucket as it is now.
    public var last: ProgressTimeline.Bucket? { groups.last.map(Self.bucket) }

    /// The bucket before the newest: complete once `add` has returned true.
    public var previous: ProgressTimeline.Bucket? { groups.count > 1 ? Self.bucket(groups[groups.count - 2]) : nil }

    private static func bucket(_ group: Group) -> ProgressTimeline.Bucket {
        // invariant: a bucket is made with its first value, so it has a mean and a deviation.
        ProgressTimeline.Bucket(size: group.size, start: group.start, mean: group.values.mean!,
                                standardDeviation: group.values.populationStandardDeviation!, count: group.values.count)
    }
}
