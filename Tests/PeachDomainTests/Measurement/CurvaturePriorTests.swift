import Foundation
@testable import PeachDomain
import Testing

@Suite("The prior on the curve's bends")
struct CurvaturePriorTests {
    /// The evidence adds `normaliserAgainstNormal` to the normal prior's normaliser: with it the kernel
    /// is the log density of the Cauchy distribution of that scale.
    @Test("kernel and normaliser make the log density of a Cauchy distribution", arguments: [0.03, 0.3, 1.0])
    func density(spread: Double) {
        let prior = CurvaturePrior(spread: spread)
        for bend in [0, 0.1, -0.7, 2.5] {
            let normalNormaliser = -log(spread) - log(2 * Double.pi) / 2
            let logDensity = prior.logKernel(bend) + CurvaturePrior.normaliserAgainstNormal + normalNormaliser
            let cauchy = -log(Double.pi * spread * (1 + bend * bend / (spread * spread)))
            #expect(abs(logDensity - cauchy) < 1e-12, "bend \(bend)")
        }
    }

    /// Scoring steps use a weight never below the true curvature; the Laplace approximation the true
    /// curvature where it is positive.
    @Test("the slope and the observed weight are the kernel's derivatives; the scoring weight is never below")
    func derivatives() {
        let prior = CurvaturePrior(spread: 0.3)
        let step = 1e-5
        for bend in [0, 0.05, 0.2, -0.29, 0.6, 3] {
            let slope = (prior.logKernel(bend + step) - prior.logKernel(bend - step)) / (2 * step)
            let curvature = -(prior.slope(bend + step) - prior.slope(bend - step)) / (2 * step)
            #expect(abs(slope - prior.slope(bend)) < 1e-6 * max(1, abs(slope)), "bend \(bend)")
            #expect(abs(max(curvature, 0) - prior.observedWeight(bend)) < 1e-5 * max(1, abs(curvature)), "bend \(bend)")
            #expect(prior.scoringWeight(bend) >= prior.observedWeight(bend))
        }
    }

    /// Answers as a V player (20 ct at C2 and C6, 5 ct at C4, straight in log between) gives them on
    /// average, 1,000 in all: nothing but the prior's pull can put the fit off. Under a normal prior on
    /// the bends that pull put C4 15 % too high; under the Cauchy prior 8.5 %. (Half a degree of freedom
    /// would leave 2 %, but its posterior has modes far apart: `CurvaturePrior`.)
    @Test("a sharp bend between straight stretches is followed, not flattened")
    func sharpBend() throws {
        func truth(_ note: Int) -> Double { note <= 60 ? 20 * pow(0.25, Double(note - 36) / 24) : 5 * pow(4, Double(note - 60) / 24) }
        var bins = AnswerBins()
        let levels = (-4...4).map { exp(Double($0) / 4) }
        let perCell = 1000 / Double(49 * levels.count)
        for note in 36...84 {
            for factor in levels {
                let p = PsychometricFunction.probabilityCorrect(logOffset: log(truth(note) * factor), logThreshold: log(truth(note)),
                                                                slope: 3.5)
                bins.add(note: MIDINote(note), interval: .prime, offset: truth(note) * factor, isCorrect: true, weight: perCell * p)
                bins.add(note: MIDINote(note), interval: .prime, offset: truth(note) * factor, isCorrect: false, weight: perCell * (1 - p))
            }
        }
        let estimate = try #require(ThresholdEstimator.estimate(bins, range: .standard))
        for note in [36, 48, 60, 72, 84] {
            let value = try #require(estimate.curve[MIDINote(note)]).value
            #expect(abs(value / truth(note) - 1) < (note == 60 ? 0.1 : 0.03), "\(MIDINote(note).name): \(value) ct, truly \(truth(note))")
        }
    }
}
