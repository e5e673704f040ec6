import Testing
@testable import SoundFontWriter

@Suite("Exact loops")
struct ExactLoopTests {
    @Test("A4 at 48 kHz: 11 cycles in 1200 frames, exactly 440 Hz")
    func a4() throws {
        let loop = try #require(ExactLoop.shortest(for: 440, sampleRate: 48_000, toleranceCents: 0.001))
        #expect(loop == ExactLoop(length: 1200, cycles: 11, sampleRate: 48_000))
        #expect(loop.frequency == 440)
    }

    @Test("every key of the keyboard finds a loop within its tolerance, and no shorter one would do",
          arguments: [0.01, 0.001])
    func tolerance(cents: Double) throws {
        for key in stride(from: 12, through: 127, by: 5) {
            let frequency = PeachSoundFont.frequency(ofKey: key)
            let loop = try #require(ExactLoop.shortest(for: frequency, sampleRate: 48_000, toleranceCents: cents))
            #expect(abs(loop.centsOff(from: frequency)) <= cents)
            #expect(loop.length >= 32)
            let shorter = ExactLoop.shortest(for: frequency, sampleRate: 48_000, toleranceCents: cents,
                                             longest: loop.length - 1)
            #expect(shorter == nil, "key \(key)")
        }
    }

    @Test("no loop when the tolerance cannot be met within the longest length")
    func none() {
        #expect(ExactLoop.shortest(for: 261.6255653, sampleRate: 48_000, toleranceCents: 0.001, longest: 1000) == nil)
    }
}
