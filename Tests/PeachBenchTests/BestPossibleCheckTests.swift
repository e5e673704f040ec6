import Foundation
import PeachDomain
import Testing
@testable import peach_bench

/// The bound `make bench` prints beside the hearing check's accuracy.
@Suite("the best any check could do in 80 answers (Cramér–Rao)")
struct BestPossibleCheckTests {
    static func listener(_ shape: SimulatedListener.Shape, _ slope: Double, _ lapse: Double) -> SimulatedListener {
        SimulatedListener(shape: shape, slope: slope, lapse: lapse, thresholds: [(MIDINote(60), 12)])
    }

    @Test("a logistic listener of known slope: the spread at the best single offset, as the closed form gives")
    func closedForm() {
        // p = ½ + ½ L(z), z = β ln(d/θ): the information about ln θ per answer is (β L′(z) / 2)² / (p(1 − p)),
        // searched here over z finely.
        let slope = 2.0
        let spread = BestPossibleCheck(listener: Self.listener(.logistic, slope, 0), answers: 80).spread().knownSlope
        let most = stride(from: 0.0, through: 5, by: 0.001).map { z -> Double in
            let l = 1 / (1 + exp(-z)), p = 0.5 + 0.5 * l
            let derivative = slope * l * (1 - l) / 2
            return derivative * derivative / (p * (1 - p))
        }.max()!
        let expected = (1 / (80 * most)).squareRoot()
        #expect(abs(spread / expected - 1) < 0.01, "\(spread) against \(expected)")
    }

    @Test("a shallow function cannot be measured within ±20 % for 80 % of players in 80 answers; a steep one can")
    func shallowAndSteep() {
        let shallow = BestPossibleCheck(listener: Self.listener(.weibull, 1.5, 0.05), answers: 80).spread()
        let steep = BestPossibleCheck(listener: Self.listener(.weibull, 4, 0), answers: 80).spread()
        #expect(BestPossibleCheck.withinTwentyPercent(spread: shallow.unknownSlope) < 0.72)
        #expect(BestPossibleCheck.withinTwentyPercent(spread: steep.unknownSlope) > 0.95)
        #expect(shallow.knownSlope < shallow.unknownSlope, "not knowing the slope costs precision")
    }
}
