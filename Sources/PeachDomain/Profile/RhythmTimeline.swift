import Foundation

/// The rhythm answers grouped as the pitch modes' progress timeline groups theirs (one
/// `TimelineBuckets` per rhythm mode), and the `RhythmProgress` point of each bucket once the next
/// one begins, made from the rhythm profile as it stood then. Built one answer at a time in the
/// store's order (each kind by time), beside the profile (`RhythmDigest`).
///
/// A bucket's value is what was asked or left, as the pitch timeline's is: the offset of the moved
/// click (Compare Timing), the distance of a trial's mean tap from its gaps (Fill the Gap), in ms.
struct RhythmTimeline: Sendable {
    /// Whether the points are made: a fit per direction of each band trained in a bucket, which
    /// the dashboard shows and `peach profile` does not. The buckets are kept either way.
    let makesPoints: Bool
    private(set) var grouping: [TrainingMode: TimelineBuckets]
    private var timingPoints: [RhythmProgress.TimingPoint] = []
    private var gapFillPoints: [RhythmProgress.GapFillPoint] = []
    /// Per band, its Compare Timing answers in the newest bucket, and in all.
    private var inBucket: [TempoBand: Int] = [:]
    private var soFar: [TempoBand: Int] = [:]
    /// The profile's hits and misses when the newest Fill the Gap bucket began.
    private var hitsBefore = 0
    private var missesBefore = 0

    init(now: Date, calendar: any TrainingCalendar, makesPoints: Bool) {
        self.makesPoints = makesPoints
        let empty = TimelineBuckets(now: now, calendar: calendar)
        grouping = Dictionary(uniqueKeysWithValues: TrainingMode.rhythmModes.map { ($0, empty) })
    }

    /// The same grouping as of a later `now` (`TimelineBuckets.move`).
    mutating func move(to later: Date) {
        for mode in TrainingMode.rhythmModes { grouping[mode]?.move(to: later) }
    }

    /// `profile`: the rhythm profile before it takes `answer`, i.e. as of the end of the bucket
    /// before when `answer` begins a new one.
    mutating func add(_ answer: TimingAnswer, before profile: RhythmProfile) {
        if group(.compareTiming, time: answer.timestamp, value: abs(answer.offsetMs)) {
            if makesPoints, let bucket = grouping[.compareTiming]?.previous {
                timingPoints.append(timingPoint(bucket, profile))
            }
            inBucket = [:]
        }
        let band = TempoBand(containing: answer.tempo)
        inBucket[band, default: 0] += 1
        soFar[band, default: 0] += 1
    }

    mutating func add(_ answer: GapFillAnswer, before profile: RhythmProfile) {
        let distance = answer.meanOffsetMs.isFinite ? abs(answer.meanOffsetMs) : 0
        if group(.fillTheGap, time: answer.timestamp, value: distance) {
            if makesPoints, let bucket = grouping[.fillTheGap]?.previous {
                gapFillPoints.append(gapFillPoint(bucket, profile))
            }
            (hitsBefore, missesBefore) = (profile.hits, profile.misses)
        }
    }

    /// Every bucket's point, the newest made from `profile` (every answer in); empty without `makesPoints`.
    func progress(_ profile: RhythmProfile) -> RhythmProgress {
        guard makesPoints else { return RhythmProgress() }
        var timing = timingPoints
        if let bucket = grouping[.compareTiming]?.last { timing.append(timingPoint(bucket, profile)) }
        var gapFill = gapFillPoints
        if let bucket = grouping[.fillTheGap]?.last { gapFill.append(gapFillPoint(bucket, profile)) }
        return RhythmProgress(timing: timing, gapFill: gapFill)
    }

    /// Adds the answer to its mode's buckets in place (a copy out of the dictionary would copy
    /// every bucket for every answer); true when it began a new bucket.
    private mutating func group(_ mode: TrainingMode, time: Date, value: Double) -> Bool {
        grouping[mode]?.add(time: time, value: value) ?? false
    }

    private func timingPoint(_ bucket: ProgressTimeline.Bucket, _ profile: RhythmProfile) -> RhythmProgress.TimingPoint {
        let bands = inBucket.keys.sorted().map { band in
            RhythmProgress.BandPoint(band: band, count: inBucket[band] ?? 0, answersSoFar: soFar[band] ?? 0,
                                     early: profile.threshold(band: band, direction: .early),
                                     late: profile.threshold(band: band, direction: .late))
        }
        return RhythmProgress.TimingPoint(bucket: bucket, answersSoFar: profile.timingCount, bands: bands)
    }

    private func gapFillPoint(_ bucket: ProgressTimeline.Bucket, _ profile: RhythmProfile) -> RhythmProgress.GapFillPoint {
        RhythmProgress.GapFillPoint(bucket: bucket, trialsSoFar: profile.gapFillCount, tapping: profile.tapping,
                                    hits: profile.hits - hitsBefore, misses: profile.misses - missesBefore)
    }
}
