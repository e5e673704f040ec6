import Foundation

/// Everything the profile, the progress timeline and the reports need of a training history,
/// gathered in one pass over its answers as the store reads them, one at a time. Only counts,
/// bins and running means are kept, never the answers: a history of a million answers is read in
/// the memory of a few thousand.
///
/// The answers of each kind must come in time order (the store's order: time, then as stored);
/// Hear & Compare, Tune & Match and the rhythm answers may come one kind after the other.
public struct HistoryDigest: Sendable {
    /// The fits at the end of each timeline bucket (`FittedProgress`, and the rhythm modes'
    /// `RhythmProgress`) are made only when asked for: they cost a fit per bucket, which the
    /// dashboard shows and `peach profile` does not.
    public let progressRange: NoteRange?
    /// What the profile keeps: the same as `peach run` builds at start.
    public private(set) var answers = ProfileAnswers()
    public var discrimination: [TrainingMode: CompareAnswers] { answers.discrimination }
    public var matching: [TrainingMode: MatchAnswers] { answers.matching }
    private var grouping: [TrainingMode: TimelineBuckets] = [:]
    /// The fitted points of each mode's completed buckets.
    private var completed: [TrainingMode: [FittedProgress.Point]] = [:]
    public private(set) var now: Date
    private let calendar: any TrainingCalendar
    /// The offsets asked per reference note over every Hear & Compare answer: the profile JSON's descriptive fields.
    public private(set) var offsetsAsked: [Int: WelfordAccumulator] = [:]
    /// |error| over every Tune & Match answer.
    public private(set) var matchingErrors = WelfordAccumulator()
    public private(set) var compareAnswerCount = 0
    public private(set) var matchAnswerCount = 0
    /// The rhythm answers' profile, trends and progress; the pitch profile never reads them.
    public private(set) var rhythm: RhythmDigest

    /// `progressRange`: fit the progress points over this note range; nil for none.
    public init(now: Date, calendar: any TrainingCalendar, progressRange: NoteRange? = nil) {
        self.now = now
        self.calendar = calendar
        self.progressRange = progressRange
        rhythm = RhythmDigest(now: now, calendar: calendar, makesProgress: progressRange != nil)
    }

    public mutating func add(_ record: CompareAnswer) {
        let mode = record.mode
        let offset = record.centOffset.magnitude.rawValue
        if group(mode, time: record.timestamp, value: offset), let range = progressRange {
            completeBucket(mode, threshold: discrimination[mode]?.estimate(range: range)?.overallValue ?? .notEnoughAnswers, accuracy: nil)
        }
        answers.add(record)
        offsetsAsked[record.referenceNote.rawValue, default: WelfordAccumulator()].add(offset)
        compareAnswerCount += 1
    }

    public mutating func add(_ record: MatchAnswer) {
        let mode = record.mode
        if group(mode, time: record.timestamp, value: record.userCentError.magnitude.rawValue), progressRange != nil {
            completeBucket(mode, threshold: .notEnoughAnswers, accuracy: matching[mode]?.accuracy)
        }
        answers.add(record)
        matchingErrors.add(record.userCentError.magnitude.rawValue)
        matchAnswerCount += 1
    }

    public mutating func add(_ record: TimingAnswer) {
        rhythm.add(record)
    }

    public mutating func add(_ record: GapFillAnswer) {
        rhythm.add(record)
    }

    /// This digest as of a later `now`, to add newer answers to. Exactly the digest of the same
    /// answers made at `later` when each of them is older than `ProgressTimeline.weekZone` at the
    /// digest's own `now`: such answers are grouped by calendar month at any later time, and
    /// nothing else in a digest depends on the time.
    public func asOf(_ later: Date) -> HistoryDigest {
        var moved = self
        moved.now = max(now, later)
        for mode in grouping.keys { moved.grouping[mode]?.move(to: later) }
        moved.rhythm.move(to: later)
        return moved
    }

    /// Adds the answer to its mode's timeline; true when it completed the bucket before it.
    private mutating func group(_ mode: TrainingMode, time: Date, value: Double) -> Bool {
        // In place: a copy out of the dictionary would copy every bucket for every answer.
        let (now, calendar) = (now, calendar)
        let started = grouping[mode, default: TimelineBuckets(now: now, calendar: calendar)].add(time: time, value: value)
        return started && grouping[mode]?.previous != nil
    }

    /// The point of the bucket just completed: the measurement from every answer before the new one.
    private mutating func completeBucket(_ mode: TrainingMode, threshold: MeasuredValue, accuracy: MatchAccuracy?) {
        guard let bucket = grouping[mode]?.previous else { return }
        let soFar = mode.skill == .compare ? discrimination[mode]?.count ?? 0 : matching[mode]?.count ?? 0
        completed[mode, default: []].append(FittedProgress.Point(bucket: bucket, answersSoFar: soFar,
                                                                 thresholdValue: threshold, accuracy: accuracy))
    }

    public var answerCount: Int { compareAnswerCount + matchAnswerCount }

    /// The progress timeline of these answers, the rhythm modes' beside the pitch modes'.
    public var timeline: ProgressTimeline { ProgressTimeline(grouping.merging(rhythm.grouping) { pitch, _ in pitch }) }

    /// Per mode, the measurement at the end of every bucket; empty without a `progressRange`.
    public var fittedProgress: [TrainingMode: FittedProgress] {
        guard let range = progressRange else { return [:] }
        var result: [TrainingMode: FittedProgress] = [:]
        for mode in TrainingMode.allCases {
            var points = completed[mode] ?? []
            if let bucket = grouping[mode]?.last {
                // The newest bucket is complete once every answer is in: its point is today's profile.
                switch mode.skill {
                case .compare:
                    let answers = discrimination[mode] ?? CompareAnswers()
                    points.append(FittedProgress.Point(bucket: bucket, answersSoFar: answers.count,
                                                       thresholdValue: answers.estimate(range: range)?.overallValue ?? .notEnoughAnswers, accuracy: nil))
                case .match:
                    let attempts = matching[mode] ?? MatchAnswers()
                    points.append(FittedProgress.Point(bucket: bucket, answersSoFar: attempts.count,
                                                       thresholdValue: .notEnoughAnswers, accuracy: attempts.accuracy))
                case .compareTiming, .fillTheGap:
                    break
                }
            }
            result[mode] = FittedProgress(mode: mode, points: points)
        }
        return result
    }
}
