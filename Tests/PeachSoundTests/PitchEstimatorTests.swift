import Foundation
import Testing
@testable import PeachSound

/// The estimator is proven on synthetic tones of known frequency before it judges the engine.
@Suite("pitch estimator on synthetic tones")
struct PitchEstimatorTests {
    static let rate = 48000.0

    /// A tone of `partials` (relative amplitudes of harmonics 1, 2, …), with a decay and white noise.
    static func tone(_ frequency: Double, seconds: Double = 1, partials: [Double] = [1], amplitude: Double = 0.5,
                     decayPerSecond: Double = 0, noise: Double = 0, phase: Double = 0.7, seed: UInt64 = 1) -> [Float] {
        var generator = SplitMix(seed: seed)
        let count = Int(seconds * rate)
        return (0..<count).map { n in
            let t = Double(n) / rate
            var value = 0.0
            for (h, a) in partials.enumerated() {
                value += a * sin(2 * .pi * frequency * Double(h + 1) * t + phase * Double(h + 1))
            }
            value *= amplitude * exp(-decayPerSecond * t)
            if noise > 0 { value += noise * (generator.nextUnit() * 2 - 1) }
            return Float(value)
        }
    }

    static func centsError(_ estimate: PitchEstimator.Estimate?, _ truth: Double) -> Double {
        guard let estimate else { return .infinity }
        return abs(estimate.cents(from: truth))
    }

    @Test("pure tones over the piano's range, off the hint by up to ±100 cents, within 0.001 cent",
          arguments: [27.5, 41.2034, 110.0, 261.6256, 440.0, 987.7666, 2093.005, 4186.009])
    func pureTones(nominal: Double) {
        let estimator = PitchEstimator()
        for offset in [-99.7, -49.9, -0.3, 0, 0.1, 37.3, 99.7] {
            let truth = nominal * pow(2, offset / 1200)
            let estimate = estimator.estimate(Self.tone(truth, seconds: 1.2), sampleRate: Self.rate, near: nominal)
            #expect(Self.centsError(estimate, truth) < 0.001, "\(truth) Hz: \(String(describing: estimate))")
            #expect(estimate?.isSteady == true)
        }
    }

    @Test("rich, decaying tones (harmonics up to the 8th, 3 dB/s decay) within 0.001 cent")
    func harmonicTones() {
        let estimator = PitchEstimator()
        let partials = [1, 0.8, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1]
        for truth in [32.7031 * 1.0013, 220.5, 523.251, 1318.51] {
            let samples = Self.tone(truth, seconds: 1.5, partials: partials, amplitude: 0.2, decayPerSecond: 0.35)
            let estimate = estimator.estimate(samples, sampleRate: Self.rate, near: truth * 1.02)
            #expect(Self.centsError(estimate, truth) < 0.001, "\(truth) Hz: \(String(describing: estimate))")
        }
    }

    @Test("noise at −40 dB below the tone leaves the error below 0.005 cent")
    func noisyTones() {
        let estimator = PitchEstimator()
        for (i, truth) in [55.0, 440.0, 3520.0].enumerated() {
            let samples = Self.tone(truth, seconds: 1, amplitude: 0.5, noise: 0.005 * 3.0.squareRoot(), seed: UInt64(i + 7))
            let estimate = estimator.estimate(samples, sampleRate: Self.rate, near: truth)
            #expect(Self.centsError(estimate, truth) < 0.005, "\(truth) Hz: \(String(describing: estimate))")
        }
    }

    @Test("a 1-cent difference is told apart: the estimator resolves what it claims")
    func resolvesSmallDifferences() throws {
        let estimator = PitchEstimator()
        let a = try #require(estimator.estimate(Self.tone(440), sampleRate: Self.rate, near: 440))
        let b = try #require(estimator.estimate(Self.tone(440 * pow(2, 0.01 / 1200)), sampleRate: Self.rate, near: 440))
        #expect(abs(b.cents(from: a.frequency) - 0.01) < 0.0005)
    }

    @Test("vibrato and beating layers are reported as unsteady")
    func unsteadyTones() throws {
        let estimator = PitchEstimator()
        // ±20 cents vibrato at 5 Hz.
        let vibrato: [Float] = (0..<48000).map { n in
            let t = Double(n) / Self.rate
            let depth = 440 * (pow(2, 20.0 / 1200) - 1)
            return Float(0.5 * sin(2 * .pi * 440 * t + depth / 5 * sin(2 * .pi * 5 * t)))
        }
        let wobbling = try #require(estimator.estimate(vibrato, sampleRate: Self.rate, near: 440))
        #expect(!wobbling.isSteady, "\(wobbling)")
        // Two layers 6 cents apart.
        let detuned = zip(Self.tone(440), Self.tone(440 * pow(2, 6.0 / 1200), phase: 2)).map { ($0 + $1) * 0.5 }
        let beating = try #require(estimator.estimate(detuned, sampleRate: Self.rate, near: 440))
        #expect(!beating.isSteady, "\(beating)")
    }

    @Test("silence or a too-short buffer gives no estimate or a zero amplitude")
    func nothingToMeasure() {
        let estimator = PitchEstimator()
        #expect(estimator.estimate([Float](repeating: 0, count: 48000), sampleRate: Self.rate, near: 440) == nil)
        #expect(estimator.estimate([Float](repeating: 0.1, count: 100), sampleRate: Self.rate, near: 440) == nil)
    }
}

/// A small seeded generator for reproducible noise.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func nextUnit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
