import Foundation
import PeachTestSupport
import Testing
@testable import PeachDomain

@Suite("Fitted progress")
struct FittedProgressTests {
    static let now = ProgressTimelineTests.now
    static let calendar = ProgressTimelineTests.calendar

    /// Answers of a player whose threshold is `threshold` cents (logistic, slope 3), at offsets spread
    /// around it, on notes C3–C5, one a second from `start`.
    static func answers(threshold: Double, count: Int, start: Date, seed: UInt64) -> [CompareAnswer] {
        var random = SeededRandomGenerator(seed: seed)
        return (0..<count).map { index in
            let offset = threshold * exp(Double.random(in: -1.2...1.2, using: &random))
            let p = PsychometricFunction.probabilityCorrect(logOffset: log(offset), logThreshold: log(threshold), slope: 3)
            let note = MIDINote(Int.random(in: 48...72, using: &random))
            return CompareAnswer(referenceNote: note, targetNote: note, centOffset: Cents(offset),
                                 isCorrect: Double.random(in: 0..<1, using: &random) < p, tuningSystem: .equalTemperament,
                                 timestamp: start.addingTimeInterval(Double(index)))!
        }
    }

    /// A player at 400 ct asked at most 100 ct (the staircase's largest): each point says "above",
    /// as the profile does, not "not enough answers yet".
    @Test("a point beyond the offsets asked keeps what the profile says there")
    func aboveTheOffsets() throws {
        var random = SeededRandomGenerator(seed: 3)
        let start = ProgressTimelineTests.date("2026-03-19T10:00:00Z")
        let asked = (0..<3000).map { index in
            let offset: Double = 100 * exp(Double.random(in: -1.4...0, using: &random))   // 25–100 ct
            let p = PsychometricFunction.probabilityCorrect(logOffset: log(offset), logThreshold: log(400), slope: 3)
            let note = MIDINote(Int.random(in: 36...84, using: &random))
            return CompareAnswer(referenceNote: note, targetNote: note, centOffset: Cents(offset),
                                 isCorrect: Double.random(in: 0..<1, using: &random) < p, tuningSystem: .equalTemperament,
                                 timestamp: start.addingTimeInterval(Double(index)))!
        }
        let timeline = ProgressTimeline(compareAnswers: asked, matchAnswers: [], now: Self.now, calendar: Self.calendar)
        let progress = FittedProgress(mode: .compare, progress: timeline[.compare], compareAnswers: asked, matchAnswers: [],
                                      range: .standard)
        let last = try #require(progress.points.last)
        guard case .above = last.thresholdValue else {
            Issue.record("the last point says \(last.thresholdValue)")
            return
        }
        #expect(last.threshold == nil)
    }

    @Test("one point per bucket; each is the fit of every answer up to it, so the last is today's profile")
    func thresholdsOverTime() throws {
        let early = Self.answers(threshold: 24, count: 1500, start: ProgressTimelineTests.date("2026-01-10T10:00:00Z"), seed: 1)
        let later = Self.answers(threshold: 6, count: 3000, start: ProgressTimelineTests.date("2026-03-19T10:00:00Z"), seed: 2)
        let all = early + later
        let timeline = ProgressTimeline(compareAnswers: all, matchAnswers: [], now: Self.now, calendar: Self.calendar)
        let range = try NoteRange(lowest: MIDINote(48), highest: MIDINote(72))
        let progress = FittedProgress(mode: .compare, progress: timeline[.compare], compareAnswers: all.reversed(),
                                      matchAnswers: [], range: range)
        #expect(progress.points.map(\.bucket) == timeline[.compare].buckets)
        #expect(progress.points.map(\.answersSoFar) == [1500, 4500])
        let first = try #require(progress.points.first?.threshold)
        let last = try #require(progress.points.last?.threshold)
        #expect(abs(first.value / 24 - 1) < 0.25, "\(first)")
        #expect(last.value < 9, "\(last)")
        var answers = CompareAnswers()
        for record in all { answers.add(record) }
        #expect(last == answers.estimate(range: range)?.overall)
    }

    @Test("Tune & Match: the accuracy at the end of each bucket, nil below the minimum attempts")
    func matchingOverTime() throws {
        let start = ProgressTimelineTests.date("2026-03-19T10:00:00Z")
        var attempts: [MatchAnswer] = []
        for index in 0..<40 {
            let error: Double = index < 3 ? 10 : 4 + Double(index % 3)
            let time = start.addingTimeInterval(index < 3 ? Double(index) : 7200 + Double(index))
            let attempt = try #require(MatchAnswer(referenceNote: MIDINote(60), targetNote: MIDINote(60),
                                                   initialCentOffset: Cents(20), userCentError: Cents(error),
                                                   tuningSystem: .equalTemperament, timestamp: time))
            attempts.append(attempt)
        }
        let timeline = ProgressTimeline(compareAnswers: [], matchAnswers: attempts, now: Self.now, calendar: Self.calendar)
        let range = try NoteRange(lowest: MIDINote(48), highest: MIDINote(72))
        let progress = FittedProgress(mode: .match, progress: timeline[.match], compareAnswers: [], matchAnswers: attempts,
                                      range: range)
        #expect(progress.points.count == 2)
        #expect(progress.points[0].accuracy == nil, "3 attempts are fewer than the minimum")
        let accuracy = try #require(progress.points[1].accuracy)
        #expect(accuracy.bias.value > 4 && accuracy.bias.value < 7)
        #expect(progress.points.allSatisfy { $0.threshold == nil })
    }
}
