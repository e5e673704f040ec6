import Foundation

/// How the rhythm modes developed, as `FittedProgress` tells it of the pitch modes: at the end of
/// each of the progress timeline's buckets (sessions, days, weeks, months, as `TimelineBuckets`
/// groups them), what the rhythm profile said then, from every answer up to that point. Each point
/// is what `peach profile` would have said at that moment; the last is today's profile.
/// Milliseconds throughout, signed offsets negative when early.
public struct RhythmProgress: Hashable, Sendable {
    /// Compare Timing at the end of a bucket.
    public struct TimingPoint: Hashable, Sendable {
        public let bucket: ProgressTimeline.Bucket
        /// Compare Timing answers up to the end of the bucket.
        public let answersSoFar: Int
        /// The tempo bands trained in the bucket, slowest first, each with its thresholds then.
        public let bands: [BandPoint]

        /// The point of `band`, if it was trained in the bucket.
        public func band(_ band: TempoBand) -> BandPoint? { bands.first { $0.band == band } }
    }

    /// One tempo band's thresholds at the end of a bucket in which it was trained.
    public struct BandPoint: Hashable, Sendable {
        public let band: TempoBand
        /// The band's answers in the bucket.
        public let count: Int
        /// The band's answers up to the end of the bucket.
        public let answersSoFar: Int
        /// Nil while too few answers (`TimingFit.estimate`); said only when `isConclusive`.
        public let early: RhythmThreshold?
        public let late: RhythmThreshold?

        public func threshold(_ direction: TimingDirection) -> RhythmThreshold? { direction == .early ? early : late }
    }

    /// Fill the Gap at the end of a bucket.
    public struct GapFillPoint: Hashable, Sendable {
        public let bucket: ProgressTimeline.Bucket
        /// Trials up to the end of the bucket.
        public let trialsSoFar: Int
        /// Bias and spread over every tap up to the end of the bucket (`RhythmProfile.tapping`).
        public let tapping: TapFigures
        /// The gaps tapped and left untapped in the bucket's own trials (the iOS app's trials keep neither).
        public let hits: Int
        public let misses: Int
    }

    /// Oldest first; empty where the mode has no answers or the points were not asked for.
    public let timing: [TimingPoint]
    public let gapFill: [GapFillPoint]

    public init(timing: [TimingPoint] = [], gapFill: [GapFillPoint] = []) {
        self.timing = timing
        self.gapFill = gapFill
    }
}
