import Foundation
import Testing
@testable import PeachSound

/// The resampler's kernel against the exact value of a band-limited signal between its samples.
@Suite("sinc kernel: interpolation error")
struct SincKernelTests {
    /// The error of interpolating a sine of `frequency` Hz (at 48 kHz) at 4,000 positions spread
    /// over every fraction, relative to its amplitude, in dB.
    static func errorDB(frequency: Double) -> Double {
        let count = 8192
        let omega = 2 * Double.pi * frequency / VoiceRenderer.sampleRate
        let source = UnsafeMutablePointer<Float>.allocate(capacity: count)
        defer { source.deallocate() }
        for n in 0..<count { source[n] = Float(sin(omega * Double(n))) }
        // An irrational step visits every phase and every place between two phases.
        let step = 1.618_033_988_749, frames = 4000
        let output = UnsafeMutablePointer<Float>.allocate(capacity: frames)
        defer { output.deallocate() }
        var index = 100, fraction = 0.0
        SincKernel.shared.resample(source, index: &index, fraction: &fraction, ratio: step, into: output, frames: frames)
        var worst = 0.0
        for k in 0..<frames {
            worst = max(worst, abs(Double(output[k]) - sin(omega * (100 + Double(k) * step))))
        }
        return 20 * log10(worst)
    }

    @Test("tones up to 12 kHz are interpolated within −80 dB of their amplitude",
          arguments: [110.0, 1000.0, 4000.0, 8000.0, 12000.0])
    func passBand(frequency: Double) {
        let error = Self.errorDB(frequency: frequency)
        print("kernel error at \(frequency) Hz: \(error) dB")
        #expect(error < -80)
    }
}
