import Foundation

/// How a mode's measurement developed: at the end of each of the progress timeline's buckets
/// (sessions, days, weeks, months), what the profile said then — the fitted threshold from every
/// answer up to that point, age-weighted as always (Hear & Compare), or the tuning accuracy
/// (Tune & Match). Each point is what `peach profile` would have shown at that moment.
public struct FittedProgress: Sendable {
    public struct Point: Hashable, Sendable {
        public let bucket: ProgressTimeline.Bucket
        /// Answers in this mode up to the end of the bucket.
        public let answersSoFar: Int
        /// Compare modes: the overall threshold as it was said then (measured, not enough answers,
        /// above or below the offsets asked).
        public let thresholdValue: MeasuredValue
        /// Compare modes: the overall threshold then; nil while not enough answers or beyond the offsets asked.
        public var threshold: IntervalEstimate? { thresholdValue.estimate }
        /// Match modes: mean error, bias and spread then; nil below the minimum attempts.
        public let accuracy: MatchAccuracy?
    }

    public let mode: TrainingMode
    public let points: [Point]

    /// Points made as the answers went by (see `HistoryDigest`).
    public init(mode: TrainingMode, points: [Point]) {
        self.mode = mode
        self.points = points
    }

    /// `compareAnswers` and `matchAnswers` may hold every mode; only `mode`'s are used, in time order,
    /// grouped as `progress` (the timeline of the same answers) grouped them.
    public init(mode: TrainingMode, progress: ProgressTimeline.ModeProgress, compareAnswers: [CompareAnswer],
                matchAnswers: [MatchAnswer], range: NoteRange) {
        self.mode = mode
        var points: [Point] = []
        var position = 0
        switch mode.skill {
        case .compare:
            let answers = Self.inTimeOrder(compareAnswers.filter { $0.mode == mode }, \.timestamp)
            var fitted = CompareAnswers()
            for bucket in progress.buckets {
                let end = min(position + bucket.count, answers.count)
                for answer in answers[position..<end] { fitted.add(answer) }
                position = end
                points.append(Point(bucket: bucket, answersSoFar: position,
                                    thresholdValue: fitted.estimate(range: range)?.overallValue ?? .notEnoughAnswers, accuracy: nil))
            }
        case .match:
            let attempts = Self.inTimeOrder(matchAnswers.filter { $0.mode == mode }, \.timestamp)
            var measured = MatchAnswers()
            for bucket in progress.buckets {
                let end = min(position + bucket.count, attempts.count)
                for attempt in attempts[position..<end] { measured.add(attempt) }
                position = end
                points.append(Point(bucket: bucket, answersSoFar: position, thresholdValue: .notEnoughAnswers,
                                    accuracy: measured.accuracy))
            }
        case .compareTiming, .fillTheGap:
            break   // measured by `RhythmProfile`
        }
        self.points = points
    }

    /// Sorted by time; answers with the same time keep their stored order. A history is usually in
    /// order already, and then no copy is made (a million answers are some 50 MB).
    static func inTimeOrder<Record>(_ records: [Record], _ time: (Record) -> Date) -> [Record] {
        if zip(records, records.dropFirst()).allSatisfy({ time($0.0) <= time($0.1) }) { return records }
        return records.enumerated().sorted { (time($0.element), $0.offset) < (time($1.element), $1.offset) }.map(\.element)
    }
}
