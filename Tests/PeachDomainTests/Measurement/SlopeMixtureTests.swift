import Foundation
import Testing
@testable import PeachDomain

/// `WeightedFits.overSlopes`: where the answers say little about the slope, the threshold's interval
/// is the mixture over the slopes they allow; where they say enough, the one fit stands.
@Suite("Threshold interval mixed over the slope")
struct SlopeMixtureTests {
    /// Answers a shallow listener (slope 2, 20 ct everywhere) gives as the model predicts them, `perBin`
    /// at each of the 49 notes and 5 offsets near the threshold (within ±20 %, where a check places
    /// most): about 80 answers at 1/3, as many as a check.
    static func fits(perBin: Double) throws -> (fits: WeightedFits, entries: [(key: AnswerBins.Key, counts: AnswerBins.Counts)]) {
        let bins = ThresholdEstimatorTests.expectedAnswers(threshold: { _ in 20 }, slope: 2, perBin: perBin,
                                                           notes: 36...84, steps: -2...2)
        let notes = try #require(bins.noteSpan)
        let fits = try #require(ThresholdEstimator.choose(bins.entries, notes: notes, intervals: bins.intervals, dated: false))
        return (fits, bins.entries)
    }

    /// The overall threshold's log standard deviation at note 60 as these fits, mixed, say it.
    static func logSpread(_ fits: WeightedFits) -> Double {
        fits.mixture(fits.fits.map { fit in
            let (value, gradient) = fit.logThreshold(note: 60, intervalShares: [.prime: 1])
            return (value, fit.variance(along: gradient).squareRoot())
        }).deviation
    }

    @Test("a check's worth of answers: the mixture over slopes is shallower than the joint mode and its interval wider")
    func fewAnswers() throws {
        let (fits, entries) = try Self.fits(perBin: 1.0 / 3)
        let index = fits.best.model.slopeIndex
        let spread = fits.best.covariance[index, index].squareRoot()
        #expect(spread > WeightedFits.weakSlopeSpread, "the slope's spread \(spread)")
        let mixed = try #require(fits.overSlopes(entries))
        #expect(mixed.fits.count >= 3, "the answers allow several slopes: \(mixed.fits.count) kept")
        #expect(mixed.fits.allSatisfy { $0.model.heldLogSlope != nil })
        let meanSlope = zip(mixed.fits, mixed.weights).reduce(0) { $0 + $1.1 * log($1.0.slope) }
        #expect(meanSlope < log(fits.best.slope), "mixture e^\(meanSlope) against the joint mode's \(fits.best.slope)")
        let (one, many) = (Self.logSpread(fits), Self.logSpread(mixed))
        #expect(many > 1.1 * one, "log spread mixed \(many) against the one fit's \(one)")
    }

    @Test("with many answers the slope is told and the one fit stands")
    func manyAnswers() throws {
        let (fits, entries) = try Self.fits(perBin: 40)
        #expect(fits.overSlopes(entries) == nil)
    }
}
