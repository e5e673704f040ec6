import Foundation
import Testing
@testable import SoundFontWriter

@Suite("Waveform")
struct WaveformTests {
    /// The reference is the less exact one: 2π·n/d carries a rounding error of its own.
    @Test("the plain-arithmetic sine matches the C library's within 3e-15 over whole turns",
          arguments: [1, 2, 3, 7, 8, 1200, 2777, 22216])
    func sine(denominator: Int) {
        for numerator in 0..<denominator {
            let expected = sin(2 * Double.pi * Double(numerator) / Double(denominator))
            #expect(abs(Waveform.sine(turns: numerator, of: denominator) - expected) < 3e-15,
                    "sin(2π·\(numerator)/\(denominator))")
        }
    }

    @Test("quarter turns are exact")
    func quarters() {
        #expect(Waveform.sine(turns: 0, of: 4) == 0)
        #expect(Waveform.sine(turns: 1, of: 4) == 1)
        #expect(Waveform.sine(turns: 2, of: 4) == 0)
        #expect(Waveform.sine(turns: 3, of: 4) == -1)
    }

    @Test("a harmonic loop sums its partials, each a whole number of periods in the loop")
    func harmonicLoop() {
        let loop = ExactLoop(length: 40, cycles: 3, sampleRate: 48_000)
        let wave = Waveform.harmonicLoop(amplitudes: [1, 0.5, 0, 0.25], loop: loop)
        #expect(wave.count == 40)
        for (n, value) in wave.enumerated() {
            let t = Double(n) / 40
            let expected = sin(2 * .pi * 3 * t) + 0.5 * sin(2 * .pi * 6 * t) + 0.25 * sin(2 * .pi * 12 * t)
            #expect(abs(value - expected) < 1e-12)
        }
    }

    @Test("quantizing scales the largest magnitude to the peak and rounds")
    func quantized() {
        #expect(Waveform.quantized([0, 0.5, -1, 0.25], peak: 1000) == [0, 500, -1000, 250])
        #expect(Waveform.quantized([0, 0], peak: 1000) == [0, 0])
    }
}
