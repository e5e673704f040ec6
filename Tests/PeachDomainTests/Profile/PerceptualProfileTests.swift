import Foundation
import Testing
@testable import PeachDomain

@Suite("Perceptual profile")
@MainActor
struct PerceptualProfileTests {
    static func comparison(_ note: Int, _ offset: Double, correct: Bool = true, target: Int? = nil,
                           at seconds: Double = 0) -> ComparisonRecord {
        ComparisonRecord(referenceNote: MIDINote(note), targetNote: MIDINote(target ?? note), centOffset: Cents(offset),
                         isCorrect: correct, tuningSystem: .equalTemperament,
                         timestamp: Date(timeIntervalSince1970: seconds))!
    }

    static func matching(_ note: Int, _ error: Double, target: Int? = nil, at seconds: Double = 0) -> PitchMatchingRecord {
        PitchMatchingRecord(referenceNote: MIDINote(note), targetNote: MIDINote(target ?? note), initialCentOffset: 40,
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

    @Test("each answer counts for its reference note, by the magnitude of its offset")
    func perNote() {
        let profile = PerceptualProfile(comparisons: [
            Self.comparison(60, 10), Self.comparison(60, -20, correct: false), Self.comparison(67, 4, target: 74),
        ], pitchMatchings: [])
        #expect(profile.discrimination[MIDINote(60)].mean == 15)
        #expect(profile.discrimination[MIDINote(60)].count == 2)
        #expect(profile.discrimination[MIDINote(67)].mean == 4)
        #expect(profile.discrimination[MIDINote(74)].count == 0)
        #expect(profile.discrimination.trainedNotes == [MIDINote(60), MIDINote(67)])
    }

    @Test("overall mean is the mean of the trained notes' means, not of all answers")
    func overallMean() {
        let profile = PerceptualProfile(comparisons: [
            Self.comparison(60, 10), Self.comparison(60, 10), Self.comparison(60, 10), Self.comparison(62, 30),
        ], pitchMatchings: [])
        #expect(profile.overallMean == 20)
        #expect(abs(profile.discrimination.overallStandardDeviation! - 14.142135623730951) < 1e-12)
    }

    @Test("an untrained profile has no overall mean")
    func empty() {
        let profile = PerceptualProfile()
        #expect(profile.overallMean == nil)
        #expect(profile.discrimination.overallStandardDeviation == nil)
        #expect(profile.matching.count == 0)
    }

    @Test("matching statistics are over |userCentError|")
    func matchingStatistics() {
        let profile = PerceptualProfile(comparisons: [], pitchMatchings: [
            Self.matching(60, -6), Self.matching(72, 10), Self.matching(48, 2, target: 55),
        ])
        #expect(profile.matching.count == 3)
        #expect(profile.matching.mean == 6)
        #expect(profile.matching.standardDeviation == 4)
    }

    @Test("rebuilding from records equals updating answer by answer")
    func rebuildEqualsIncremental() {
        var random = SeededRandomGenerator(seed: 3)
        var comparisons: [CompletedComparison] = []
        var matchings: [CompletedPitchMatching] = []
        for i in 0..<500 {
            let note = MIDINote(Int.random(in: 36...84, using: &random))
            let comparison = Comparison(referenceNote: note, interval: DirectedInterval(.perfectFifth),
                                        tuningSystem: .justIntonation,
                                        centOffset: Cents(Double.random(in: -100...100, using: &random)))!
            comparisons.append(CompletedComparison(comparison: comparison, answeredHigher: Bool.random(using: &random),
                                                   timestamp: Date(timeIntervalSince1970: Double(i))))
            let challenge = PitchMatchingChallenge(referenceNote: note, interval: .prime, tuningSystem: .equalTemperament,
                                                   initialCentOffset: 30)!
            matchings.append(CompletedPitchMatching(challenge: challenge,
                                                    userCentError: Cents(Double.random(in: -40...40, using: &random)),
                                                    timestamp: Date(timeIntervalSince1970: Double(i))))
        }
        let incremental = PerceptualProfile()
        for completed in comparisons { incremental.comparisonCompleted(completed) }
        for completed in matchings { incremental.pitchMatchingCompleted(completed) }
        let rebuilt = PerceptualProfile(comparisons: comparisons.map(ComparisonRecord.init),
                                        pitchMatchings: matchings.map(PitchMatchingRecord.init))
        #expect(rebuilt.discrimination == incremental.discrimination)
        #expect(rebuilt.matching == incremental.matching)
        #expect(rebuilt.discrimination.answerCount == 500)
    }

    @Test("reset forgets everything")
    func reset() {
        let profile = PerceptualProfile(comparisons: [Self.comparison(60, 10)], pitchMatchings: [Self.matching(60, 3)])
        profile.reset()
        #expect(profile.overallMean == nil)
        #expect(profile.matching.count == 0)
    }

    @Test("records know their mode and interval; notes more than an octave apart are no record")
    func recordModes() {
        #expect(Self.comparison(60, 5).mode == .compare)
        #expect(Self.comparison(60, 5, target: 53).mode == .compareIntervals)
        #expect(Self.comparison(60, 5, target: 53).interval == DirectedInterval(.perfectFifth, .down))
        #expect(Self.matching(60, 5).mode == .match)
        #expect(Self.matching(60, 5, target: 72).mode == .matchIntervals)
        #expect(ComparisonRecord(referenceNote: MIDINote(60), targetNote: MIDINote(80), centOffset: 3, isCorrect: true,
                                 tuningSystem: .equalTemperament, timestamp: Date()) == nil)
    }
}
