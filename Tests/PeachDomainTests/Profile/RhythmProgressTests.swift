import Foundation
import PeachTestSupport
import Testing
@testable import PeachDomain

/// The rhythm modes' progress: their answers bucketed as the pitch modes' are, and what the
/// rhythm profile said at the end of each bucket.
@Suite("Rhythm progress")
struct RhythmProgressTests {
    static let now = ProgressTimelineTests.now
    static let calendar = ProgressTimelineTests.calendar
    static let day: TimeInterval = 86400
    static let eighty = TempoBPM(clamping: 80)

    /// The late threshold the player has on `time`: 40 ms through January, halving over February
    /// (evenly in log), 20 ms from March; early stays at 30 ms.
    static func late(at time: Date) -> Double {
        let february = ProgressTimelineTests.date("2026-02-01T00:00:00Z"), march = ProgressTimelineTests.date("2026-03-01T00:00:00Z")
        let share = min(max(time.timeIntervalSince(february) / march.timeIntervalSince(february), 0), 1)
        return 40 * exp2(-share)
    }

    /// A session of 40 Compare Timing answers at 18:00 every day from 5 January to 19 March at 80 BPM,
    /// the offsets spread evenly in log from 4 to 120 ms, early and late in turn.
    static func timingAnswers(seed: UInt64 = 3) -> [TimingAnswer] {
        var random = SeededRandomGenerator(seed: seed)
        var answers: [TimingAnswer] = []
        var session = ProgressTimelineTests.date("2026-01-05T18:00:00Z")
        while session < ProgressTimelineTests.date("2026-03-20T00:00:00Z") {
            var listener = SimulatedListener(shape: .weibull, slope: 2.5, lapse: 0.02, thresholds: [(MIDINote(60), 10)])
            listener.timing = SimulatedListener.Timing(early: 30, late: late(at: session))
            for index in 0..<40 {
                let magnitude = exp(Double.random(in: log(4.0)...log(120.0), using: &random))
                let offset = index % 2 == 0 ? -magnitude : magnitude
                let right = Double.random(in: 0..<1, using: &random) < listener.probabilityCorrect(timingOffsetMs: offset)
                answers.append(TimingAnswer(tempo: eighty, offsetMs: offset, isCorrect: right,
                                            timestamp: session.addingTimeInterval(Double(index) * 20)))
            }
            session = session.addingTimeInterval(day)
        }
        return answers
    }

    /// A threshold in ms as it may be said.
    static func said(_ threshold: RhythmThreshold?) -> IntervalEstimate? {
        threshold.flatMap { $0.isConclusive ? $0.milliseconds : nil }
    }

    @Test("Compare Timing: bucketed as the pitch timeline; a late threshold that halves over February shows in the buckets, the early one does not move")
    func lateThresholdHalves() throws {
        let answers = Self.timingAnswers()
        var digest = HistoryDigest(now: Self.now, calendar: Self.calendar, progressRange: .standard)
        for answer in answers { digest.add(answer) }
        let points = digest.rhythm.progress.timing

        // The same buckets as Hear & Compare answers at the same times would have.
        let pitch = answers.map { answer in
            CompareAnswer(referenceNote: MIDINote(60), targetNote: MIDINote(60), centOffset: Cents(abs(answer.offsetMs)),
                          isCorrect: answer.isCorrect, tuningSystem: .equalTemperament, timestamp: answer.timestamp)!
        }
        let pitchBuckets = ProgressTimeline(compareAnswers: pitch, matchAnswers: [], now: Self.now, calendar: Self.calendar)[.compare].buckets
        #expect(points.map(\.bucket) == pitchBuckets)
        #expect(digest.timeline[.compareTiming].buckets == pitchBuckets)
        #expect(pitchBuckets.map(\.size) == [.month, .month, .week, .week, .week, .week, .day, .day, .day, .day, .day, .day, .session])

        // One band, counted per bucket and so far.
        let band = TempoBand(containing: Self.eighty)
        #expect(points.allSatisfy { $0.bands.map(\.band) == [band] && $0.bands[0].count == $0.bucket.count })
        #expect(points.map(\.answersSoFar) == points.map(\.bucket.count).reduce(into: [Int]()) { $0.append(($0.last ?? 0) + $1) })
        #expect(points.last?.answersSoFar == answers.count && points.last?.bands[0].answersSoFar == answers.count)
        // The last point is today's profile.
        #expect(points.last?.bands[0].late == digest.rhythm.profile.threshold(band: band, direction: .late))

        let late = points.compactMap { Self.said($0.band(band)?.late) }
        let early = points.compactMap { Self.said($0.band(band)?.early) }
        try #require(late.count == points.count && early.count == points.count, "every point said")
        // January's answers alone: the 40 ms the player had then.
        #expect(late[0].low < 40 && 40 < late[0].high, "\(late[0])")
        // Every answer since pulls it down; the profile at the end is well below January's.
        for (before, after) in zip(late.dropFirst(), late.dropFirst(2)) {
            #expect(after.value <= before.value * 1.03, "\(before.value) → \(after.value)")
        }
        #expect(late[late.count - 1].value < 0.85 * late[0].value && late[late.count - 1].high < late[0].low,
                "late \(late[0].value) → \(late[late.count - 1].value)")
        #expect(early.allSatisfy { abs($0.value / 30 - 1) < 0.2 }, "early \(early.map(\.value))")
    }

    /// Three Fill the Gap trials at 18:00 every day from 9 to 19 March: 14 taps around `bias(day)`
    /// (a mean of exactly that), 2 gaps missed.
    static func trials(bias: (Int) -> Double) -> [GapFillAnswer] {
        var trials: [GapFillAnswer] = []
        for day in 0..<11 {
            for index in 0..<3 {
                let time = ProgressTimelineTests.date("2026-03-09T18:00:00Z").addingTimeInterval(Double(day) * Self.day + Double(index) * 300)
                let taps = (0..<14).map { (tap: Int) -> GapTaps.Tap in
                    let scatter = Double(tap % 7 - 3) * 4
                    return GapTaps.Tap(position: tap % 2 == 0 ? .beat : .and, offsetMs: bias(day) + scatter)
                }
                trials.append(GapFillAnswer(tempo: Self.eighty, meanOffsetMs: bias(day), timestamp: time,
                                            taps: GapTaps(hits: taps, misses: 2))!)
            }
        }
        return trials
    }

    @Test("Fill the Gap: bias and spread at each bucket's end are those of every tap so far; hits and misses are the bucket's own")
    func gapFillBiasPerBucket() throws {
        let trials = Self.trials { $0 < 4 ? -20 : -5 }
        var digest = RhythmDigest(now: Self.now, calendar: Self.calendar, makesProgress: true)
        for trial in trials { digest.add(trial) }
        let points = digest.progress.gapFill

        #expect(points.map(\.bucket.size) == [.week, .day, .day, .day, .day, .day, .day, .session])
        #expect(points.map(\.bucket.count) == [12, 3, 3, 3, 3, 3, 3, 3])
        #expect(points.allSatisfy { $0.hits == 14 * $0.bucket.count && $0.misses == 2 * $0.bucket.count })
        for point in points {
            let taps = trials.prefix(point.trialsSoFar).flatMap { $0.taps?.hits ?? [] }.map(\.offsetMs)
            let bias = try #require(point.tapping.bias)
            #expect(abs(bias.value - taps.reduce(0, +) / Double(taps.count)) < 1e-9)
            #expect(bias.low < bias.value && bias.value < bias.high)
            #expect(point.tapping.spread != nil)
        }
        // The player's bias moves from −20 ms to −5 ms: each point nearer −5 than the one before.
        let biases = points.compactMap { $0.tapping.bias?.value }
        #expect(abs(biases[0] + 20) < 1e-9)
        #expect(zip(biases, biases.dropFirst()).allSatisfy { $0 < $1 } && biases[biases.count - 1] < -5, "\(biases)")
        #expect(points.last?.trialsSoFar == trials.count)
    }

    @Test("without progress asked for the buckets are kept and no point is fitted; moved to a later time as the pitch timeline is")
    func bucketsWithoutPoints() {
        let answers = Self.timingAnswers().prefix(400)
        var digest = HistoryDigest(now: Self.now, calendar: Self.calendar)
        for answer in answers { digest.add(answer) }
        #expect(digest.rhythm.progress == RhythmProgress())
        #expect(digest.timeline[.compareTiming].count == 400)
        #expect(RhythmDigest().progress == RhythmProgress())

        // Answers older than the week zone are grouped by month at any later time.
        let later = Self.now.addingTimeInterval(10 * Self.day)
        var fresh = HistoryDigest(now: later, calendar: Self.calendar)
        for answer in answers { fresh.add(answer) }
        #expect(digest.asOf(later).timeline[.compareTiming] == fresh.timeline[.compareTiming])
        #expect(fresh.timeline[.compareTiming].buckets.map(\.size) == [.month])
    }
}
