import Foundation
import PeachTestSupport
import Testing
@testable import PeachDomain

@Suite("History digest")
struct HistoryDigestTests {
    static let now = ProgressTimelineTests.now
    static let calendar = ProgressTimelineTests.calendar

    static func attempts(count: Int, start: Date) -> [MatchAnswer] {
        (0..<count).map { index in
            MatchAnswer(referenceNote: MIDINote(60), targetNote: MIDINote(60), initialCentOffset: Cents(20),
                        userCentError: Cents(Double(index % 7) - 2), tuningSystem: .equalTemperament,
                        timestamp: start.addingTimeInterval(Double(index) * 9 * 3600))!
        }
    }

    @Test("one answer at a time it gives the timeline, the fits per bucket and the profile of the whole history")
    @MainActor
    func sameAsWholeHistory() throws {
        let compareAnswers = FittedProgressTests.answers(threshold: 24, count: 1500, start: ProgressTimelineTests.date("2026-01-10T10:00:00Z"), seed: 1)
            + FittedProgressTests.answers(threshold: 6, count: 3000, start: ProgressTimelineTests.date("2026-03-19T10:00:00Z"), seed: 2)
        let attempts = Self.attempts(count: 60, start: ProgressTimelineTests.date("2026-02-20T08:00:00Z"))
        let range = try NoteRange(lowest: MIDINote(48), highest: MIDINote(72))
        var digest = HistoryDigest(now: Self.now, calendar: Self.calendar, progressRange: range)
        for record in compareAnswers { digest.add(record) }
        for record in attempts { digest.add(record) }

        let timeline = ProgressTimeline(compareAnswers: compareAnswers, matchAnswers: attempts, now: Self.now, calendar: Self.calendar)
        for mode in TrainingMode.allCases {
            #expect(digest.timeline[mode] == timeline[mode], "\(mode)")
            let whole = FittedProgress(mode: mode, progress: timeline[mode], compareAnswers: compareAnswers,
                                       matchAnswers: attempts, range: range)
            #expect(digest.fittedProgress[mode]?.points == whole.points, "\(mode)")
        }
        // Not vacuous: several buckets, fitted, in both kinds.
        #expect(digest.fittedProgress[.compare]?.points.count == 2)
        #expect(digest.fittedProgress[.compare]?.points.allSatisfy { $0.threshold != nil } == true)
        #expect((digest.fittedProgress[.match]?.points.count ?? 0) > 2)
        #expect(digest.fittedProgress[.match]?.points.last?.accuracy != nil)

        let whole = PerceptualProfile(compareAnswers: compareAnswers, matchAnswers: attempts)
        let read = PerceptualProfile(digest)
        #expect(read.thresholdEstimate(for: .compare, range: range)?.overall != nil)
        #expect(read.thresholdEstimate(for: .compare, range: range)?.overall == whole.thresholdEstimate(for: .compare, range: range)?.overall)
        #expect(read.answers(for: .compare).noteCounts == whole.answers(for: .compare).noteCounts)
        #expect(read.matchAccuracy(for: .match) == whole.matchAccuracy(for: .match))
        #expect(read.attempts(for: .match).change == whole.attempts(for: .match).change)
        #expect(digest.answerCount == 4560)

        var asked: [Int: WelfordAccumulator] = [:]
        for record in compareAnswers { asked[record.referenceNote.rawValue, default: WelfordAccumulator()].add(record.centOffset.magnitude.rawValue) }
        #expect(digest.offsetsAsked == asked)
        #expect(digest.matchingErrors == WelfordAccumulator(attempts.map { $0.userCentError.magnitude.rawValue }))
    }

    @Test("without a progress range nothing is fitted per bucket, and the timeline is the same")
    func withoutProgress() {
        var digest = HistoryDigest(now: Self.now, calendar: Self.calendar)
        let attempts = Self.attempts(count: 30, start: ProgressTimelineTests.date("2026-03-05T08:00:00Z"))
        for record in attempts { digest.add(record) }
        #expect(digest.fittedProgress.isEmpty)
        #expect(digest.timeline[.match] == ProgressTimeline(compareAnswers: [], matchAnswers: attempts, now: Self.now,
                                                            calendar: Self.calendar)[.match])
        #expect(digest.timeline[.match].count == 30)
    }
}
