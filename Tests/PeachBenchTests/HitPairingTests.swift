import Testing
@testable import peach_bench

/// The timing group pairs Peach's stored hits with the recording's in the order they were tapped.
@Suite("pairing stored hits with recorded ones")
struct HitPairingTests {
    @Test("an extra hit on either side is left unpaired and the rest pair one to one, not shifted")
    func extraHits() {
        // The recording sees a gap Peach never played (-25.7), and Peach's trial boundary would have
        // put 11.3 with the next trial: in order, each still finds its own partner.
        let stored = [-19.1, 11.5, 31.3, -18.9, 3.1, 31.4, 11.3, 39.7]
        let recorded = [-19.5, 11.2, 31.0, -19.4, -25.7, 2.8, 31.4, 11.0, 39.3]
        let pairs = HitPairing.pairs(stored: stored, recorded: recorded)
        #expect(pairs.map(\.stored) == [0, 1, 2, 3, 4, 5, 6, 7])
        #expect(pairs.map(\.recorded) == [0, 1, 2, 3, 5, 6, 7, 8])
        #expect(pairs.allSatisfy { abs(stored[$0.stored] - recorded[$0.recorded]) < 1 })
    }

    @Test("a stored hit far from every recorded one stays unpaired rather than hiding as a large error")
    func misplacedHit() {
        let pairs = HitPairing.pairs(stored: [2, 60, 30], recorded: [2.2, 30.1])
        #expect(pairs.map(\.stored) == [0, 2])
        #expect(pairs.map(\.recorded) == [0, 1])
    }
}
