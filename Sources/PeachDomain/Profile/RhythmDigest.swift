import Foundation

/// What the reports need of the rhythm answers, gathered one answer at a time in the store's order
/// (each kind by time), as `HistoryDigest` gathers the pitch answers: the rhythm profile, each
/// rhythm mode's trend and, when made with a time and calendar, their progress timeline. Besides the
/// profile's bins it keeps only the most recent answers of each tempo band, the most recent taps
/// and the timeline's buckets and points.
public struct RhythmDigest: Sendable {
    /// Each half a trend compares holds at most this many of the most recent Compare Timing answers
    /// of a band (about 300 of each direction).
    static let largestTimingPart = 600

    public private(set) var profile = RhythmProfile()
    /// Per tempo band, its most recent Compare Timing answers.
    private var recentTiming: [TempoBand: RecentWindow<TimingAnswer>] = [:]
    /// The offsets of the most recent taps of Fill the Gap trials trained here.
    private var recentTaps = RecentWindow<Double>(capacity: 2 * ProgressChange.largestPart)
    /// The means of the most recent trials without taps (the iOS app's).
    private var recentTrialMeans = RecentWindow<Double>(capacity: 2 * ProgressChange.largestPart)
    /// Nil for a digest of the profile and trends alone (`peach run`'s start, `peach simulate`).
    private var timeline: RhythmTimeline?

    /// The profile and trends, without a timeline.
    public init() {}

    /// With the progress timeline as of `now` in `calendar`; `makesProgress`: with the point of each
    /// bucket too (`progress`), which costs a fit per direction of each band trained in a bucket.
    public init(now: Date, calendar: any TrainingCalendar, makesProgress: Bool) {
        timeline = RhythmTimeline(now: now, calendar: calendar, makesPoints: makesProgress)
    }

    /// The timeline as of a later `now` (`TimelineBuckets.move`).
    mutating func move(to later: Date) {
        timeline?.move(to: later)
    }

    /// Each rhythm mode's answers grouped as the pitch timeline's (`HistoryDigest.timeline`); empty without a timeline.
    var grouping: [TrainingMode: TimelineBuckets] { timeline?.grouping ?? [:] }

    /// What the profile said at the end of each bucket; empty unless made with `makesProgress`.
    public var progress: RhythmProgress { timeline?.progress(profile) ?? RhythmProgress() }

    public mutating func add(_ answer: TimingAnswer) {
        timeline?.add(answer, before: profile)
        profile.add(answer)
        let band = TempoBand(containing: answer.tempo)
        recentTiming[band, default: RecentWindow(capacity: 2 * Self.largestTimingPart)].append(answer)
    }

    public mutating func add(_ answer: GapFillAnswer) {
        timeline?.add(answer, before: profile)
        profile.add(answer)
        if let taps = answer.taps {
            for tap in taps.hits { recentTaps.append(tap.offsetMs) }
        } else if answer.meanOffsetMs.isFinite {
            recentTrialMeans.append(answer.meanOffsetMs)
        }
    }

    /// Compare Timing's trend in the band trained most recently: the threshold fitted to the later
    /// half of its recent answers against the earlier half's, per direction (each at most
    /// `largestTimingPart` answers). The two halves are independent data, so the difference of their
    /// log thresholds over its standard error (from each fit's 95 % interval, the directions pooled)
    /// is a z; beyond `ProgressChange.criticalZ` it is improving or declining. Nil while either half
    /// has no threshold in either direction.
    public var timingTrend: ProgressTimeline.Trend? {
        guard let band = profile.latestBand, let answers = recentTiming[band]?.elements else { return nil }
        let part = min(answers.count / 2, Self.largestTimingPart)
        guard part > 0 else { return nil }
        let earlier = Self.fits(answers.suffix(2 * part).prefix(part))
        let later = Self.fits(answers.suffix(part))
        var differences: [(change: Double, variance: Double)] = []
        for direction in TimingDirection.allCases {
            guard let before = earlier[direction]?.estimate, let after = later[direction]?.estimate else { continue }
            differences.append((log(after.share.value) - log(before.share.value),
                                Self.logVariance(before.share) + Self.logVariance(after.share)))
        }
        guard !differences.isEmpty else { return nil }
        let count = Double(differences.count)
        let change = differences.map(\.change).reduce(0, +) / count
        let standardError = differences.map(\.variance).reduce(0, +).squareRoot() / count
        let z = standardError > 0 ? change / standardError : 0
        return ProgressChange(earlier: 1, later: exp(change), z: z).trend
    }

    /// Fill the Gap's trend: the mean distance of the taps from their gaps, whichever way, in the
    /// later half of the recent taps against the earlier half (each at most 1,500), judged as Tune &
    /// Match's errors are (Welch, |z| beyond `ProgressChange.criticalZ`). The iOS app's trials,
    /// which keep no taps, are compared by their means when there are not enough taps. Nil below
    /// `ProgressChange.minimumAnswers` values.
    public var gapFillTrend: ProgressTimeline.Trend? {
        let taps = recentTaps.elements
        let values = taps.count >= ProgressChange.minimumAnswers ? taps : recentTrialMeans.elements
        guard values.count >= ProgressChange.minimumAnswers else { return nil }
        let distances = values.map(abs)
        let part = distances.count / 2
        let earlier = WelfordAccumulator(distances.suffix(2 * part).prefix(part))
        let later = WelfordAccumulator(distances.suffix(part))
        guard let a = earlier.mean, let b = later.mean, let sa = earlier.standardDeviation,
              let sb = later.standardDeviation else { return nil }
        let standardError = (sa * sa / Double(part) + sb * sb / Double(part)).squareRoot()
        let z = standardError > 0 ? (b - a) / standardError : 0
        return ProgressChange(earlier: a, later: b, z: z).trend
    }

    private static func fits(_ answers: some Sequence<TimingAnswer>) -> [TimingDirection: TimingFit] {
        var fits: [TimingDirection: TimingFit] = [:]
        for answer in answers {
            let sixteenth = answer.tempo.sixteenth
            fits[answer.offsetMs < 0 ? .early : .late, default: TimingFit()]
                .add(share: abs(answer.offsetMs) / 1000 / sixteenth, sixteenth: sixteenth, isCorrect: answer.isCorrect)
        }
        return fits
    }

    /// The variance of a log threshold, from its 95 % interval.
    private static func logVariance(_ figure: IntervalEstimate) -> Double {
        let standardDeviation = (log(figure.high) - log(figure.low)) / (2 * 1.96)
        return standardDeviation * standardDeviation
    }
}

extension RhythmThreshold {
    /// Whether the threshold is said as a number, by Hear & Compare's rule: its interval's upper
    /// end at most 3 times its lower end, and not above the largest offset asked.
    public var isConclusive: Bool {
        share.low > 0 && share.high <= 3 * share.low && share.high <= offsetsAsked.upperBound
    }
}
