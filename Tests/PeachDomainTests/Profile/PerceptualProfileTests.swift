import Foundation
import Testing
@testable import PeachDomain

@Suite("Perceptual profile")
@MainActor
struct PerceptualProfileTests {
    static func comparison(_ note: Int, _ offset: Double, correct: Bool = true, target: Int? = nil,
                           at seconds: Double = 0) -> CompareAnswer {
        CompareAnswer(referenceNote: MIDINote(note), targetNote: MIDINote(target ?? note), centOffset: Cents(offset),
                      isCorrect: correct, tuningSystem: .equalTemperament,
                      timestamp: Date(timeIntervalSince1970: seconds))!
    }

    static func matching(_ note: Int, _ error: Double, target: Int? = nil, at seconds: Double = 0) -> MatchAnswer {
        MatchAnswer(referenceNote: MIDINote(note), targetNote: MIDINote(target ?? note), initialCentOffset: 40,
                    userCentError: Cents(error), tuningSystem: .equalTemperament,
                    timestamp: Date(timeIntervalSince1970: seconds))!
    }

    @Test("Welford mean and standard deviations match hand-computed values")
    func welford() {
        let values = [2.0, 4, 4, 4, 5, 5, 7, 9]
        let accumulator = WelfordAccumulator(values)
        #expect(accumulator.count == 8)
        #expect(accumulator.mean == 5)
        #expect(abs(accumulator.populationStandardDeviation! - 2) < 1e-12)
        #expect(abs(accumulator.standardDeviation! - 2.1380899352993950) < 1e-12)
        #expect(WelfordAccumulator([3]).standardDeviation == nil)
        #expect(WelfordAccumulator().mean == nil)
    }

    @Test("answers count per mode and reference note; interval answers never enter the single-note mode")
    func perModeAndNote() {
        let profile = PerceptualProfile(compareAnswers: [
            Self.comparison(60, 10), Self.comparison(60, -20, correct: false), Self.comparison(67, 4, target: 74),
        ], matchAnswers: [])
        #expect(profile.answers(for: .compare).noteCounts[60] == 2)
        #expect(profile.answers(for: .compare).count == 2)
        #expect(profile.answers(for: .compare).noteCounts[67] == 0)
        #expect(profile.answers(for: .compareIntervals).noteCounts[67] == 1)
    }

    @Test("too few answers give no threshold at all, not a wild one")
    func tooFew() {
        let profile = PerceptualProfile(compareAnswers: (0..<5).map { Self.comparison(60, 10, correct: $0 % 2 == 0) },
                                        matchAnswers: [])
        #expect(profile.thresholdEstimate(for: .compare, range: .standard) == nil)
        #expect(PerceptualProfile().thresholdEstimate(for: .compare, range: .standard) == nil)
    }

    @Test("Tune & Match: mean |error|, signed bias and spread, per mode, from 5 attempts on")
    func matchingStatistics() throws {
        let errors = [-6.0, 10, 2, 4, 0, 8]
        let profile = PerceptualProfile(compareAnswers: [], matchAnswers: errors.map { Self.matching(60, $0) }
                                        + [Self.matching(48, 50, target: 55)])
        let accuracy = try #require(profile.matchAccuracy(for: .match))
        // Weights differ by at most 2^(5/1000) between the oldest and newest: equal to 0.5 %.
        #expect(abs(accuracy.meanError.value - 5) < 0.03)
        #expect(abs(accuracy.bias.value - 3) < 0.03)
        #expect(abs(accuracy.spread.value - WelfordAccumulator(errors).standardDeviation!) < 0.05)
        #expect(accuracy.bias.low < 3 && accuracy.bias.high > 3 && accuracy.spread.low < accuracy.spread.value)
        #expect(profile.matchAccuracy(for: .matchIntervals) == nil)   // one attempt only
        #expect(PerceptualProfile(compareAnswers: [], matchAnswers: errors.prefix(4).map { Self.matching(60, $0) })
            .matchAccuracy(for: .match) == nil)
    }

    @Test("rebuilding from records equals updating answer by answer")
    func rebuildEqualsIncremental() {
        var random = SeededRandomGenerator(seed: 3)
        var compareAnswers: [CompareAnswer] = []
        var matchAnswers: [MatchAnswer] = []
        for i in 0..<500 {
            let note = MIDINote(Int.random(in: 36...84, using: &random))
            let offset = Double.random(in: 1...60, using: &random) * (Bool.random(using: &random) ? 1 : -1)
            let comparison = CompareExercise(referenceNote: note, interval: .prime, tuningSystem: .justIntonation,
                                             centOffset: Cents(offset))!
            let correct = Double.random(in: 0..<1, using: &random) < (abs(offset) > 10 ? 0.9 : 0.6)
            compareAnswers.append(CompareAnswer(exercise: comparison, answeredHigher: correct == (offset > 0),
                                                timestamp: Date(timeIntervalSince1970: Double(i))))
            let exercise = MatchExercise(referenceNote: note, interval: .prime, tuningSystem: .equalTemperament,
                                         initialCentOffset: 30)!
            matchAnswers.append(MatchAnswer(exercise: exercise,
                                            userCentError: Cents(Double.random(in: -40...40, using: &random)),
                                            timestamp: Date(timeIntervalSince1970: Double(i))))
        }
        let incremental = PerceptualProfile()
        for completed in compareAnswers { incremental.compareAnswered(completed) }
        for completed in matchAnswers { incremental.matchAnswered(completed) }
        let rebuilt = PerceptualProfile(compareAnswers: compareAnswers,
                                        matchAnswers: matchAnswers)
        let estimate = rebuilt.thresholdEstimate(for: .compare, range: .standard)
        #expect(estimate != nil)
        #expect(estimate == incremental.thresholdEstimate(for: .compare, range: .standard))
        #expect(rebuilt.matchAccuracy(for: .match) == incremental.matchAccuracy(for: .match))
        #expect(rebuilt.answers(for: .compare).count == 500)
    }

    @Test("reset forgets everything")
    func reset() {
        let profile = PerceptualProfile(compareAnswers: (0..<30).map { Self.comparison(60, 10, correct: $0 % 4 != 0) },
                                        matchAnswers: (0..<6).map { _ in Self.matching(60, 3) })
        #expect(profile.thresholdEstimate(for: .compare, range: .standard) != nil)
        profile.reset()
        #expect(profile.thresholdEstimate(for: .compare, range: .standard) == nil)
        #expect(profile.matchAccuracy(for: .match) == nil)
    }

    @Test("records know their mode and interval; notes more than an octave apart are no record")
    func recordModes() {
        #expect(Self.comparison(60, 5).mode == .compare)
        #expect(Self.comparison(60, 5, target: 53).mode == .compareIntervals)
        #expect(Self.comparison(60, 5, target: 53).interval == DirectedInterval(.perfectFifth, .down))
        #expect(Self.matching(60, 5).mode == .match)
        #expect(Self.matching(60, 5, target: 72).mode == .matchIntervals)
        #expect(CompareAnswer(referenceNote: MIDINote(60), targetNote: MIDINote(80), centOffset: 3, isCorrect: true,
                              tuningSystem: .equalTemperament, timestamp: Date()) == nil)
    }
}
