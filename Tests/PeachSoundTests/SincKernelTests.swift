import Foundation
import Testing
@testable import PeachSound

/// The resampler's kernel against the exact value of a band-limited signal between its samples.
@Suite("sinc kernel: interpolation error")
struct SincKernelTests {
    /// The error of interpolating a sine of `frequency` Hz (at 48 kHz) at 4,000 positions spread
    /// over every fraction, relative to its amplitude, in dB.
    static func errorDB(frequency: Double, loop: SincKernel.Loop? = nil) -> Double {
        let count = 8192
        let omega = 2 * Double.pi * frequency / NoteSlotRenderer.sampleRate
        let source = UnsafeMutablePointer<Float>.allocate(capacity: count)
        defer { source.deallocate() }
        for n in 0..<count { source[n] = Float(sin(omega * Double(n))) }
        // An irrational step visits every phase and every place between two phases.
        let step = 1.618_033_988_749, frames = 4000
        let output = UnsafeMutablePointer<Float>.allocate(capacity: frames)
        defer { output.deallocate() }
        var index = 100, fraction = 0.0
        SincKernel.shared.resample(source, index: &index, fraction: &fraction, ratio: step, into: output, frames: frames, loop: loop)
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

    @Test("each loop this CPU can run interpolates within −80 dB, and both give the same samples",
          arguments: [1000.0, 12000.0])
    func loops(frequency: Double) {
        for loop in SincKernel.Loop.supported {
            #expect(Self.errorDB(frequency: frequency, loop: loop) < -80, "\(loop == .wide ? "wide" : "portable")")
        }
        let count = 1024, frames = 900
        let source = UnsafeMutablePointer<Float>.allocate(capacity: count)
        let portable = UnsafeMutablePointer<Float>.allocate(capacity: frames)
        let wide = UnsafeMutablePointer<Float>.allocate(capacity: frames)
        defer { source.deallocate(); portable.deallocate(); wide.deallocate() }
        for n in 0..<count { source[n] = Float(sin(2 * Double.pi * frequency / NoteSlotRenderer.sampleRate * Double(n))) }
        for (loop, output) in [(SincKernel.Loop.portable, portable), (.wide, wide)]
        where SincKernel.Loop.supported.contains(loop) {
            var index = 20, fraction = 0.1
            SincKernel.shared.resample(source, index: &index, fraction: &fraction, ratio: 1.0293, into: output, frames: frames, loop: loop)
            #expect(index == 20 + Int(0.1 + 1.0293 * Double(frames)), "\(loop == .wide ? "wide" : "portable")")
        }
        guard SincKernel.Loop.supported.contains(.wide) else { return }
        let worst = (0..<frames).map { abs(portable[$0] - wide[$0]) }.max() ?? 0
        #expect(worst < 1e-6)
    }

    @Test("the loop that times quicker is the one kept; the portable one when it is the only one")
    func fastestLoop() {
        let wideSlow: (SincKernel.Loop) -> Duration = { $0 == .wide ? .microseconds(1160) : .microseconds(160) }
        let wideQuick: (SincKernel.Loop) -> Duration = { $0 == .wide ? .nanoseconds(900) : .nanoseconds(1500) }
        #expect(SincKernel.Loop.fastest(supported: [.portable, .wide], time: wideSlow) == .portable)
        #expect(SincKernel.Loop.fastest(supported: [.portable, .wide], time: wideQuick) == .wide)
        #expect(SincKernel.Loop.fastest(supported: [.portable], time: wideQuick) == .portable)
        #expect(SincKernel.Loop.supported.contains(SincKernel.shared.loop))
    }
}
