import Foundation
import Testing
@testable import PeachDomain

/// After one more answer the fit starts from where the last one ended (`ThresholdEstimator.Memory`):
/// what it reports must be what a fit from scratch reports.
@Suite("Threshold memory")
struct ThresholdMemoryTests {
    /// `count` answers of a player who halves their threshold (10 ct) over 2,000 answers, at offsets
    /// scattered around it over the keys C2–C6, dated as the profile dates them.
    static func learner(_ count: Int, seed: UInt64) -> DecayingAnswerBins {
        answers(count, seed: seed) { index, _ in 10 * exp2(-Double(min(index, 2000)) / 2000) }
    }

    /// `count` answers of a player whose threshold at the `index`th answer on `note` is `threshold`.
    static func answers(_ count: Int, seed: UInt64, threshold: (_ index: Int, _ note: Int) -> Double) -> DecayingAnswerBins {
        var random = SeededRandomGenerator(seed: seed)
        var bins = DecayingAnswerBins(halfLife: CompareAnswers.halfLife)
        for index in 0..<count {
            let note = Int.random(in: 36...84, using: &random)
            let truth = threshold(index, note)
            let offset = truth * exp(Double.random(in: -1...1.2, using: &random))
            let p = PsychometricFunction.probabilityCorrect(logOffset: log(offset), logThreshold: log(truth), slope: 3.5)
            bins.add(note: MIDINote(note), interval: .prime, offset: offset, isCorrect: Double.random(in: 0..<1, using: &random) < p)
        }
        return bins
    }

    static func close(_ a: IntervalEstimate?, _ b: IntervalEstimate?, within tolerance: Double) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return [(a.value, b.value), (a.low, b.low), (a.high, b.high)].allSatisfy { abs(log($0.0 / $0.1)) < tolerance }
    }

    @Test("a refit from memory reports what a fit from scratch reports, and is counted as a reuse", arguments: [1500, 3000])
    func refitEqualsFresh(count: Int) throws {
        var bins = Self.learner(count, seed: UInt64(count))
        let range = try NoteRange(lowest: MIDINote(36), highest: MIDINote(84))
        let first = try #require(ThresholdEstimator.estimate(bins.current, range: range, memory: nil))
        #expect(first.memory.reuses == 0)
        bins.add(note: MIDINote(60), interval: .prime, offset: 5, isCorrect: true)
        let refit = try #require(ThresholdEstimator.estimate(bins.current, range: range, memory: first.memory))
        let fresh = try #require(ThresholdEstimator.estimate(bins.current, range: range, memory: nil))
        #expect(refit.memory.reuses == 1)
        #expect(refit.memory.drifts == fresh.memory.drifts, "the same paces kept")
        #expect(Self.close(refit.estimate.overallCurve, fresh.estimate.overallCurve, within: 1e-4),
                "\(refit.estimate.overallCurve) against \(fresh.estimate.overallCurve)")
        for note in range.notes {
            #expect(Self.close(refit.estimate.curve[note], fresh.estimate.curve[note], within: 1e-4), "\(note)")
        }
        let (refitChange, freshChange) = (try #require(refit.estimate.change), try #require(fresh.estimate.change))
        #expect(refitChange.trend == freshChange.trend && refitChange.answersAgo == freshChange.answersAgo)
        #expect(abs(log(refitChange.earlier / freshChange.earlier)) < 1e-4 && abs(log(refitChange.later / freshChange.later)) < 1e-4)
    }

    /// One sharp bend among straight stretches (a V player, 20–5–20 ct over C2–C4–C6) is where the
    /// bends' Cauchy prior makes the posterior least even: a refit from the last fit must still find
    /// the fit from scratch.
    @Test("a sharp bend: a refit from memory reports what a fit from scratch reports", arguments: [1000, 3000])
    func refitEqualsFreshAtABend(count: Int) throws {
        var bins = Self.answers(count, seed: UInt64(count) + 1) { _, note in 5 * pow(4, Double(abs(note - 60)) / 24) }
        let range = try NoteRange(lowest: MIDINote(36), highest: MIDINote(84))
        let first = try #require(ThresholdEstimator.estimate(bins.current, range: range, memory: nil))
        bins.add(note: MIDINote(60), interval: .prime, offset: 5, isCorrect: true)
        let refit = try #require(ThresholdEstimator.estimate(bins.current, range: range, memory: first.memory))
        let fresh = try #require(ThresholdEstimator.estimate(bins.current, range: range, memory: nil))
        #expect(refit.memory.reuses == 1)
        for note in range.notes {
            #expect(Self.close(refit.estimate.curve[note], fresh.estimate.curve[note], within: 1e-4), "\(note)")
        }
    }

    @Test("no trend while every answer is of one block (the first 100): the fit cannot see a change within it")
    func trendNeedsTwoBlocks() throws {
        let range = try NoteRange(lowest: MIDINote(36), highest: MIDINote(84))
        let first = try #require(ThresholdEstimator.estimate(Self.learner(100, seed: 3).current, range: range))
        #expect(first.overall != nil && first.change == nil)
        let second = try #require(ThresholdEstimator.estimate(Self.learner(150, seed: 3).current, range: range))
        #expect(second.change?.answersAgo == 112)
    }

    @Test("the memory is not used once the answers have grown by more than a tenth, nor for another range")
    func choosesAgain() throws {
        var bins = Self.learner(1000, seed: 7)
        let range = try NoteRange(lowest: MIDINote(36), highest: MIDINote(84))
        let first = try #require(ThresholdEstimator.estimate(bins.current, range: range, memory: nil))
        let other = try NoteRange(lowest: MIDINote(30), highest: MIDINote(84))
        #expect(try #require(ThresholdEstimator.estimate(bins.current, range: other, memory: first.memory)).memory.reuses == 0)
        for _ in 0..<200 { bins.add(note: MIDINote(60), interval: .prime, offset: 5, isCorrect: true) }
        #expect(try #require(ThresholdEstimator.estimate(bins.current, range: range, memory: first.memory)).memory.reuses == 0)
    }
}
