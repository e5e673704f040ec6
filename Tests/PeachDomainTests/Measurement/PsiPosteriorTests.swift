import Foundation
import PeachTestSupport
import Testing
@testable import PeachDomain

/// The hearing check's posterior: its threshold is a line over the note range, so each note is
/// asked near its own threshold.
@Suite("Psi posterior over the note range")
struct PsiPosteriorTests {
    /// The posterior after `answers` answers of `listener`, cycling over 9 notes of 36…84.
    static func posterior(_ listener: SimulatedListener, answers: Int, seed: UInt64) -> PsiPosterior {
        var posterior = PsiPosterior(notes: 36...84)
        var random = SeededRandomGenerator(seed: seed)
        for answer in 0..<answers {
            let note = 36 + 6 * (answer % 9)
            let offset = posterior.nextOffset(note: note)
            let p = listener.probabilityCorrect(offset: offset, note: MIDINote(note), mode: .compare, after: 0)
            posterior.add(offset: offset, note: note, isCorrect: Double.random(in: 0..<1, using: &random) < p)
        }
        return posterior
    }

    @Test("the tilt's prior: 70 % on an even threshold, the rest symmetric about it")
    func tiltPrior() {
        let tilts = PsiGrid.standard.tilts
        let shares = PsiGrid.tiltPrior(tilts)
        #expect(abs(shares.reduce(0, +) - 1) < 1e-12)
        let even = tilts.firstIndex { $0.magnitude < 1e-9 } ?? -1
        #expect(even >= 0 && shares[even] > PsiGrid.evenShare)
        for (index, share) in shares.enumerated() { #expect(abs(share - shares[tilts.count - 1 - index]) < 1e-15) }
    }

    /// ln(offset asked on the lowest note / on the highest) after 60 answers, over five players.
    static func endRatios(_ listener: SimulatedListener) -> [Double] {
        (1...5).map { seed in
            let posterior = posterior(listener, answers: 60, seed: UInt64(seed))
            return log(posterior.nextOffset(note: 36) / posterior.nextOffset(note: 84))
        }
    }

    @Test("a threshold falling from 30 ct at the lowest note to 4 at the highest: the low notes are asked at larger offsets")
    func rampPlacesEachNote() {
        let ratios = Self.endRatios(.make(.weibull, slope: 3, lapse: 0.01, [(36, 30), (84, 4)]))
        // One threshold for all notes would ask both ends at the same offset (a ratio of 1); the
        // prior's even share keeps the tilt below the truth's (7.5) after 60 answers.
        #expect(ratios.allSatisfy { $0 > log(1.1) }, "ratios \(ratios.map(exp))")
        #expect(ratios.reduce(0, +) / 5 > log(1.6), "ratios \(ratios.map(exp))")
    }

    @Test("an even threshold: both ends are asked at about the same offset")
    func evenPlacesAlike() {
        let ratios = Self.endRatios(.make(.weibull, slope: 3, lapse: 0.01, [(60, 8)]))
        #expect(ratios.allSatisfy { abs($0) < log(1.5) }, "ratios \(ratios.map(exp))")
        #expect(abs(ratios.reduce(0, +) / 5) < log(1.2), "ratios \(ratios.map(exp))")
    }
}
