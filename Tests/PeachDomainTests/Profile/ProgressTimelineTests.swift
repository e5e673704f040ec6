import Foundation
import PeachTestSupport
import Testing
@testable import PeachDomain

@Suite("Progress timeline")
struct ProgressTimelineTests {
    static let calendar = gregorianCalendar(in: TimeZone(identifier: "UTC")!)

    static func date(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    static let now = date("2026-03-20T12:00:00Z")

    static func comparison(_ time: String, _ offset: Double, target: Int = 60) -> CompareAnswer {
        CompareAnswer(referenceNote: MIDINote(60), targetNote: MIDINote(target), centOffset: Cents(offset),
                      isCorrect: true, tuningSystem: .equalTemperament, timestamp: date(time))!
    }

    @Test("answers group into months, weeks, days and sessions by age")
    func buckets() {
        let records = [
            ("2026-01-10T10:00:00Z", 40.0), ("2026-01-25T10:00:00Z", 20.0), // a month (over 30 days old)
            ("2026-02-05T10:00:00Z", 30.0),                                  // another month
            ("2026-03-02T10:00:00Z", 12.0), ("2026-03-03T18:00:00Z", 8.0),   // one week (7–30 days old)
            ("2026-03-16T08:00:00Z", 9.0), ("2026-03-16T20:00:00Z", 7.0),    // one day (within 7 days)
            ("2026-03-18T09:00:00Z", 6.0),                                   // another day
            ("2026-03-20T09:00:00Z", 5.0), ("2026-03-20T09:20:00Z", 3.0),    // one session: 20 min gap
            ("2026-03-20T10:00:00Z", 2.0),                                   // a new session: 40 min gap
        ].map { Self.comparison($0.0, -$0.1) }
        let timeline = ProgressTimeline(compareAnswers: records.shuffled(), matchAnswers: [], now: Self.now,
                                        calendar: Self.calendar)
        let buckets = timeline[.compare].buckets
        #expect(buckets.map(\.size) == [.month, .month, .week, .day, .day, .session, .session])
        #expect(buckets.map(\.count) == [2, 1, 2, 2, 1, 2, 1])
        #expect(buckets.map(\.mean) == [30, 30, 10, 8, 6, 4, 2])
        #expect(buckets.map(\.standardDeviation) == [10, 0, 2, 1, 0, 1, 0])
        #expect(buckets[0].start == Self.date("2026-01-01T00:00:00Z"))
        #expect(buckets[2].start == Self.date("2026-03-02T00:00:00Z"))
        #expect(buckets[3].start == Self.date("2026-03-16T00:00:00Z"))
        #expect(buckets[5].start == Self.date("2026-03-20T09:00:00Z"))
        #expect(timeline[.compare].count == 11)
    }

    @Test("a gap of exactly 30 minutes starts a new session; the gap counts from the previous answer")
    func sessionGap() {
        let records = [
            Self.comparison("2026-03-20T08:00:00Z", 1), Self.comparison("2026-03-20T08:25:00Z", 1),
            Self.comparison("2026-03-20T08:50:00Z", 1), Self.comparison("2026-03-20T09:20:00Z", 1),
        ]
        let buckets = ProgressTimeline(compareAnswers: records, matchAnswers: [], now: Self.now,
                                       calendar: Self.calendar)[.compare].buckets
        #expect(buckets.map(\.count) == [3, 1])
    }

    @Test("modes are kept apart: single notes and intervals, comparison and matching")
    func modesApart() {
        let matching = MatchAnswer(referenceNote: MIDINote(60), targetNote: MIDINote(67), initialCentOffset: 5,
                                   userCentError: -4, tuningSystem: .justIntonation, timestamp: Self.now)!
        let timeline = ProgressTimeline(
            compareAnswers: [Self.comparison("2026-03-20T10:00:00Z", 5), Self.comparison("2026-03-20T10:01:00Z", 9, target: 67)],
            matchAnswers: [matching], now: Self.now, calendar: Self.calendar)
        #expect(timeline[.compare].count == 1)
        #expect(timeline[.compareIntervals].count == 1)
        #expect(timeline[.compareIntervals].buckets.first?.mean == 9)
        #expect(timeline[.match].count == 0)
        #expect(timeline[.matchIntervals].buckets.first?.mean == 4)
        #expect(timeline[.match].ewma == nil)
    }

    static func bucket(_ start: String, _ mean: Double) -> ProgressTimeline.Bucket {
        .init(size: .day, start: date(start), mean: mean, standardDeviation: 0, count: 1)
    }

    @Test("moving average: an answer a half-life older counts half, and it does not move as time passes")
    func ewma() {
        func average(_ answers: [(String, Double)], now: String) -> Double? {
            var buckets = TimelineBuckets(now: Self.date(now), calendar: Self.calendar)
            for (time, value) in answers { buckets.add(time: Self.date(time), value: value) }
            return buckets.movingAverage
        }
        #expect(average([], now: "2026-03-20T00:00:00Z") == nil)
        #expect(average([("2026-03-01T00:00:00Z", 30)], now: "2026-03-20T00:00:00Z") == 30)
        // 30 a half-life before 10: weights ½ and 1 → (15 + 10) / 1.5.
        let answers = [("2026-03-01T00:00:00Z", 30.0), ("2026-03-08T00:00:00Z", 10.0)]
        #expect(abs((average(answers, now: "2026-03-08T12:00:00Z") ?? 0) - 25 / 1.5) < 1e-12)
        // The same answers seen a month later (the buckets coarsen to weeks and months): the same average.
        #expect(average(answers, now: "2026-03-08T12:00:00Z") == average(answers, now: "2026-05-01T00:00:00Z"))
        // Answers in one session weigh alike; an answer three half-lives (and 10 h) back counts about an eighth.
        let session = [("2026-03-01T00:00:00Z", 80.0), ("2026-03-22T10:00:00Z", 4.0), ("2026-03-22T10:00:10Z", 6.0)]
        let eighth = pow(2, -(21 * 86400 + 10 * 3600 + 10) / ProgressTimeline.halfLife)
        let expected = (80 * eighth + 4 * pow(2, -10 / ProgressTimeline.halfLife) + 6) / (eighth + pow(2, -10 / ProgressTimeline.halfLife) + 1)
        #expect(abs((average(session, now: "2026-03-22T11:00:00Z") ?? 0) - expected) < 1e-9)
    }
}
