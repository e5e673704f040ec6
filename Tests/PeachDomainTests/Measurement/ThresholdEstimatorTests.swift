import Foundation
import PeachTestSupport
import Testing
@testable import PeachDomain

@Suite("Threshold estimator")
struct ThresholdEstimatorTests {
    /// Answers exactly as the model predicts them (expected counts), at offsets around the threshold.
    static func expectedAnswers(threshold: (Int) -> Double, slope: Double, perBin: Double,
                                notes: ClosedRange<Int> = 36...84, steps: ClosedRange<Int> = -10...10,
                                lapse: Double = PsychometricFunction.typicalLapseRate) -> AnswerBins {
        var bins = AnswerBins()
        for note in notes {
            for step in steps {
                let offset = threshold(note) * exp(Double(step) * 0.1)
                let p = PsychometricFunction.probabilityCorrect(logOffset: log(offset), logThreshold: log(threshold(note)),
                                                                slope: slope, lapse: lapse)
                bins.add(note: MIDINote(note), interval: .prime, offset: offset, isCorrect: true, weight: perBin * p)
                bins.add(note: MIDINote(note), interval: .prime, offset: offset, isCorrect: false, weight: perBin * (1 - p))
            }
        }
        return bins
    }

    @Test("p(correct) is exactly the 75 % criterion at the threshold, 50 % far below, 98 % far above")
    func criterion() {
        #expect(abs(PsychometricFunction.probabilityCorrect(logOffset: 1.3, logThreshold: 1.3, slope: 3) - 0.75) < 1e-12)
        #expect(abs(PsychometricFunction.probabilityCorrect(logOffset: -20, logThreshold: 1.3, slope: 3) - 0.5) < 1e-9)
        #expect(abs(PsychometricFunction.probabilityCorrect(logOffset: 30, logThreshold: 1.3, slope: 3) - 0.98) < 1e-9)
    }

    @Test("recovers a threshold curve and slope from answers the model predicts", arguments: [2.0, 3.5, 6.0])
    func recovers(slope: Double) throws {
        let truth: (Int) -> Double = { note in 4 * exp(Double(abs(note - 60)) / 24 * log(3.0)) }   // 12–4–12 ct
        let bins = Self.expectedAnswers(threshold: truth, slope: slope, perBin: 20)
        let estimate = try #require(ThresholdEstimator.estimate(bins, range: .standard))
        for note in stride(from: 36, through: 84, by: 6) {
            let value = try #require(estimate.threshold(at: MIDINote(note))?.value)
            // The smoothness prior rounds the V's corner a little (C4): a few percent at most.
            #expect(abs(value / truth(note) - 1) < 0.05, "note \(note): \(value) against \(truth(note))")
        }
        #expect(abs(estimate.slope / slope - 1) < 0.1)
        let meanTruth = (36...84).map(truth).reduce(0, +) / 49
        #expect(abs(estimate.overallCurve.value / meanTruth - 1) < 0.02)
    }

    /// A player who lapses in one answer of ten or five is right at most 90 % or 80 % of the time
    /// however large the offset. With the lapse rate fixed at 2 %, the fit flattened its slope to reach
    /// that ceiling and put the 75 % point far too high (2.5–2.9× for one in five, by simulation).
    @Test("recovers the lapse rate, and the threshold whatever the lapse rate", arguments: [0.0, 0.1, 0.2])
    func recoversLapse(lapse: Double) throws {
        let bins = Self.expectedAnswers(threshold: { _ in 6 }, slope: 3.5, perBin: 20, steps: -10...20, lapse: lapse)
        let estimate = try #require(ThresholdEstimator.estimate(bins, range: .standard))
        #expect(abs(estimate.lapse - lapse) < 0.01, "lapse \(estimate.lapse)")
        #expect(abs(estimate.overallCurve.value / 6 - 1) < 0.03, "\(estimate.overallCurve)")
        #expect(abs(estimate.slope / 3.5 - 1) < 0.1, "slope \(estimate.slope)")
    }

    /// A fit is returned at a mode of the posterior: started again from its own parameters, it stays
    /// there. Without halving the steps that lowered the posterior, fits of a threshold beyond the
    /// offsets asked, or of many lapses, oscillated with steps of 0.3–3 for all their 80 steps.
    @Test("every fit ends at a mode: started from its result it does not move",
          arguments: [(400.0, 0.02, 25.0...100.0), (5.0, 0.2, 1.0...100.0), (0.03, 0.02, 0.4...100.0)])
    func fitsEndAtAMode(threshold: Double, lapse: Double, offsets: ClosedRange<Double>) throws {
        var random = SeededRandomGenerator(seed: 11)
        var bins = AnswerBins()
        for _ in 0..<600 {
            let offset = offsets.lowerBound * pow(offsets.upperBound / offsets.lowerBound, Double.random(in: 0...1, using: &random))
            let p = PsychometricFunction.probabilityCorrect(logOffset: log(offset), logThreshold: log(threshold), slope: 3,
                                                            lapse: lapse)
            bins.add(note: MIDINote(Int.random(in: 36...84, using: &random)), interval: .prime, offset: offset,
                     isCorrect: Double.random(in: 0..<1, using: &random) < p)
        }
        for smoothness in ThresholdEstimator.smoothnessChoices {
            let model = ThresholdModel(notes: 36...84, intervals: [.prime], smoothness: smoothness)
            for first in [ThresholdFit(bins: bins.entries, model: model),
                          ThresholdFit(bins: bins.entries, model: model)?.withTheOtherMode(bins: bins.entries)] {
                let fit = try #require(first)
                let again = try #require(ThresholdFit(bins: bins.entries, model: model, start: fit.parameters))
                let moved = zip(fit.parameters, again.parameters).map { abs($0 - $1) }.max() ?? 0
                #expect(moved < 0.01, "smoothness \(smoothness): moved \(moved)")
                #expect(again.logPosterior - fit.logPosterior < 1e-3)
            }
        }
    }

    /// Answers at offsets within `offsets`, from a listener whose threshold may lie beyond them (400 ct,
    /// where the staircase asks at most 100): the fit extrapolates, so it says "above", never a number.
    @Test("a threshold beyond the offsets asked is said as above or below them, not as a value")
    func beyondTheOffsets() throws {
        func capped(threshold: Double, offsets: ClosedRange<Double>) -> AnswerBins {
            var bins = AnswerBins()
            for note in 36...84 {
                for step in 0...10 {
                    let offset = offsets.lowerBound * pow(offsets.upperBound / offsets.lowerBound, Double(step) / 10)
                    let p = PsychometricFunction.probabilityCorrect(logOffset: log(offset), logThreshold: log(threshold), slope: 2.5)
                    bins.add(note: MIDINote(note), interval: .prime, offset: offset, isCorrect: true, weight: 20 * p)
                    bins.add(note: MIDINote(note), interval: .prime, offset: offset, isCorrect: false, weight: 20 * (1 - p))
                }
            }
            return bins
        }
        // Said with the bound the answers show: the largest offset's bin, at its lower edge (98.5 ct).
        func near(_ value: MeasuredValue, above: Bool, _ bound: Double) -> Bool {
            switch value {
            case .above(let said): above && abs(said / bound - 1) < 0.021
            case .below(let said): !above && abs(said / bound - 1) < 0.021
            case .measured, .notEnoughAnswers: false
            }
        }
        let coarse = try #require(ThresholdEstimator.estimate(capped(threshold: 400, offsets: 25...100), range: .standard))
        #expect(coarse.overall == nil)
        #expect(near(coarse.overallValue, above: true, 100), "\(coarse.overallValue)")
        #expect(near(coarse.value(at: MIDINote(60)), above: true, 100), "\(coarse.value(at: MIDINote(60)))")
        #expect(coarse.plotted(at: MIDINote(60)) == nil)                                  // no dot on a chart either
        // The same answers, dated: no trend between two extrapolations.
        let dated = try #require(ThresholdEstimator.estimate(capped(threshold: 400, offsets: 25...100).dated(answersAdded: 300),
                                                             range: .standard))
        #expect(dated.overallValue == coarse.overallValue)
        #expect(dated.change == nil)
        let fine = try #require(ThresholdEstimator.estimate(capped(threshold: 0.03, offsets: 0.1...0.4), range: .standard))
        #expect(near(fine.overallValue, above: false, 0.1), "\(fine.overallValue)")
        // The staircase has not gone lower yet (answered at 0.4–4 ct only): "below 0.4 ct" is what
        // the answers show; a number there was the staircase's position (an exploratory run: a
        // 0.03 ct listener at 300 answers read 0.46 (0.29–0.71), like a 0.3 ct one).
        let notYet = try #require(ThresholdEstimator.estimate(capped(threshold: 0.03, offsets: 0.4...4), range: .standard))
        #expect(near(notYet.overallValue, above: false, 0.4), "\(notYet.overallValue)")
        let inside = try #require(ThresholdEstimator.estimate(capped(threshold: 5, offsets: 0.5...50), range: .standard))
        #expect(inside.overallValue.estimate.map { abs($0.value / 5 - 1) < 0.05 } == true)
    }

    /// Trained on C4–C5 only, shown over C2–C6: the keys the answers do not reach say nothing (the
    /// curve only extrapolates there), and the overall mean is over the keys they reach.
    @Test("keys beyond the notes answered say nothing, and the overall is over the keys answered")
    func beyondTheNotesAnswered() throws {
        let truth: (Int) -> Double = { note in 4 * exp(Double(note - 60) / 24 * log(3.0)) }   // rising: 1.3–12 ct
        let bins = Self.expectedAnswers(threshold: truth, slope: 3, perBin: 20, notes: 60...72)
        let estimate = try #require(ThresholdEstimator.estimate(bins, range: .standard))
        #expect(estimate.value(at: MIDINote(48)) == .notEnoughAnswers)
        #expect(estimate.value(at: MIDINote(84)) == .notEnoughAnswers)
        #expect(estimate.threshold(at: MIDINote(66)).map { abs($0.value / truth(66) - 1) < 0.05 } == true)
        let meanTruth = (60...72).map(truth).reduce(0, +) / 13
        #expect(abs(try #require(estimate.overall).value / meanTruth - 1) < 0.03)
        var elsewhere = AnswerBins()
        elsewhere.add(note: MIDINote(90), interval: .prime, offset: 5, isCorrect: true, weight: 50)
        elsewhere.add(note: MIDINote(90), interval: .prime, offset: 5, isCorrect: false, weight: 10)
        #expect(ThresholdEstimator.estimate(elsewhere, range: .standard)?.overallValue == .notEnoughAnswers)
    }

    @Test("the interval narrows as answers grow, about with the square root of their number")
    func intervalNarrows() throws {
        let flat: (Int) -> Double = { _ in 6 }
        let few = try #require(ThresholdEstimator.estimate(Self.expectedAnswers(threshold: flat, slope: 3, perBin: 0.5),
                                                           range: .standard)?.overallCurve)
        let many = try #require(ThresholdEstimator.estimate(Self.expectedAnswers(threshold: flat, slope: 3, perBin: 8),
                                                            range: .standard)?.overallCurve)
        let ratio = log(few.high / few.low) / log(many.high / many.low)
        #expect(ratio > 2.5 && ratio < 5.5, "ratio \(ratio)")   // 16× the answers: ≈ 4× narrower
        #expect(few.low < 6 && 6 < few.high && many.low < 6 && 6 < many.high)
    }

    @Test("answers that say nothing give a wide interval or none, never a wild or broken value",
          arguments: [(true, 100.0), (false, 100.0), (true, 0.1), (false, 0.1)])
    func degenerate(correct: Bool, offset: Double) {
        var bins = AnswerBins()
        for note in 36...84 {
            bins.add(note: MIDINote(note), interval: .prime, offset: offset, isCorrect: correct, weight: 4)
        }
        let estimate = ThresholdEstimator.estimate(bins, range: .standard)
        if let curve = estimate?.overallCurve {
            #expect(curve.value.isFinite && curve.low > 0 && curve.high.isFinite)
            #expect(curve.value > 1e-4 && curve.value < 1e5)
        }
    }

    @Test("bins do not grow with the number of answers")
    func binsBounded() {
        var random = SeededRandomGenerator(seed: 1)
        var bins = AnswerBins()
        for _ in 0..<200_000 {
            bins.add(note: MIDINote(Int.random(in: 36...84, using: &random)), interval: .prime,
                     offset: exp(Double.random(in: log(0.1)...log(100), using: &random)), isCorrect: Bool.random(using: &random))
        }
        // 49 notes × 346 offset steps (0.1–100 ct in 2 % steps) at most.
        #expect(bins.counts.count <= 49 * 346)
        #expect(bins.weight == 200_000)
    }

    @Test("age weighting: an answer 1000 answers old counts half, and rescaling keeps the newest at 1")
    func decay() {
        var decaying = DecayingAnswerBins(halfLife: 1000)
        for _ in 0..<1001 { decaying.add(note: MIDINote(60), interval: .prime, offset: 5, isCorrect: true) }
        let total = decaying.current.weight
        let expected = (0...1000).reduce(0.0) { $0 + exp2(-Double($1) / 1000) }
        #expect(abs(total - expected) < 1e-9)
        var long = DecayingAnswerBins(halfLife: 10)
        for _ in 0..<5000 { long.add(note: MIDINote(60), interval: .prime, offset: 5, isCorrect: true) }
        #expect(abs(long.current.weight - 1 / (1 - exp2(-0.1))) < 1e-6)   // the geometric series' limit
    }

    @Test("a change counts only beyond chance: |z| > 3.29 for Tune & Match's halves, 2.58 for the fitted trend")
    func change() {
        #expect(ProgressChange(earlier: 10, later: 7, z: -3.3).trend == .improving)
        #expect(ProgressChange(earlier: 10, later: 7, z: -3.2).trend == .stable)
        #expect(ProgressChange(earlier: 10, later: 13, z: 4).trend == .declining)
        #expect(ProgressChange(earlier: 10, later: 7, fittedZ: -2.6, answersAgo: 750).trend == .improving)
        #expect(ProgressChange(earlier: 10, later: 7, fittedZ: -2.5, answersAgo: 750).trend == .stable)
        #expect(ProgressChange(earlier: 10, later: 13, fittedZ: 2.6, answersAgo: 750).trend == .declining)
        let change = ProgressChange(earlier: 8, later: 6, z: -5)
        #expect(change.cents == -2 && change.percent == -25 && change.answersAgo == nil)
    }
}
