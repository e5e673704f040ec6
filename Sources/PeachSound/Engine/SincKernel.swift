import Foundation
import PeachResampler

/// The interpolation filter of the note slots' resampler: a Kaiser-windowed sinc of 16 taps
/// tabulated at 128 fractional phases, linearly interpolated between phases.
///
/// Why this one: the resampler moves each note slot by at most about a semitone or two from the key
/// FluidSynth rendered, so the kernel never has to narrow its band for large downward ratios and a
/// single fixed table serves every ratio. 16 taps with β = 10 and the cutoff at 0.9 of Nyquist
/// interpolate every tone up to 12 kHz within about −87 dB (`SincKernelTests`), then −51 dB at
/// 14 kHz and −31 dB at 16 kHz. 32 taps (β = 9) measured −82 dB up to 12 kHz and stayed near −85 dB
/// to 16 kHz, at twice the cost, which was half of the whole render: the source it reads was made
/// by FluidSynth's own 4-point interpolation (every key up to three semitones from its sample's
/// root), whose error by the same measure is −52 dB at 4 kHz, −21 dB at 12 kHz and −11 dB at
/// 16 kHz, so the longer kernel bought nothing audible. Each phase sums to exactly 1, so no
/// fractional position changes the level (no zipper noise when a ratio changes). The table is
/// immutable after init, so sharing it is safe. Linear interpolation between 128 phases adds an
/// error near −110 dB, below the kernel's own, and the table (16 KB) stays in the first-level cache.
/// The mean frequency depends only on the ratio the position advances by, never on the kernel.
final class SincKernel: @unchecked Sendable {
    static let taps = 16
    /// Samples before the interpolated position that the kernel reads (it reads 8 after).
    static let before = 7
    static let phases = 128
    /// Per phase, the 16 coefficients followed by the 16 differences to the next phase's, so that
    /// interpolating between phases is one multiply-add per coefficient and one row of 128 bytes.
    private let table: UnsafeMutablePointer<Float>
    /// The compiled loop this machine runs fastest (`Loop.fastest`), chosen once in `init` and
    /// never changed after.
    private(set) var loop = Loop.portable

    static let shared = SincKernel()

    private init(cutoff: Double = 0.9, beta: Double = 10) {
        let taps = Self.taps
        var rows: [[Double]] = []
        let halfWidth = Double(taps) / 2
        for phase in 0...Self.phases {
            let fraction = Double(phase) / Double(Self.phases)
            var row = [Double](repeating: 0, count: taps)
            for t in 0..<taps {
                let d = Double(t - Self.before) - fraction
                let x = d / halfWidth
                let window = abs(x) < 1 ? Self.besselI0(beta * (1 - x * x).squareRoot()) / Self.besselI0(beta) : 0
                let arg = Double.pi * cutoff * d
                row[t] = (abs(arg) < 1e-12 ? cutoff : cutoff * sin(arg) / arg) * window
            }
            let sum = row.reduce(0, +)
            rows.append(row.map { $0 / sum })
        }
        table = .allocate(capacity: Self.phases * 2 * taps)
        for phase in 0..<Self.phases {
            for t in 0..<taps {
                let value = Float(rows[phase][t])
                table[phase * 2 * taps + t] = value
                table[phase * 2 * taps + taps + t] = Float(rows[phase + 1][t]) - value
            }
        }
        loop = Loop.fastest(supported: Loop.supported) { candidate in time(candidate) }
    }

    deinit { table.deallocate() }

    /// Writes `frames` values of `source` at `index + fraction`, `+ ratio`, `+ 2 ratio`, … to
    /// `output` and leaves the position after the last; each reads source[index − 7 … index + 8].
    /// The loop is C (`peach_resample`), where the compiler vectorises the dot product.
    @inline(__always)
    func resample(_ source: UnsafePointer<Float>, index: inout Int, fraction: inout Double, ratio: Double,
                  into output: UnsafeMutablePointer<Float>, frames: Int, loop: Loop? = nil) {
        switch loop ?? self.loop {
        case .portable: peach_resample(table, Int32(Self.phases), source, &index, &fraction, ratio, output, Int32(frames))
        case .wide: peach_resample_wide(table, Int32(Self.phases), source, &index, &fraction, ratio, output, Int32(frames))
        }
    }

    /// The least time, over a few tries, that `loop` takes for two periods of one note slot.
    private func time(_ loop: Loop) -> Duration {
        let frames = 256, count = frames * 2 + Self.taps
        let source = UnsafeMutablePointer<Float>.allocate(capacity: count)
        let output = UnsafeMutablePointer<Float>.allocate(capacity: frames)
        defer { source.deallocate(); output.deallocate() }
        for n in 0..<count { source[n] = Float(sin(0.0573 * Double(n))) }
        let clock = ContinuousClock()
        var least = Duration.seconds(1)
        for _ in 0..<5 {
            var index = Self.before, fraction = 0.25
            least = min(least, clock.measure {
                resample(source, index: &index, fraction: &fraction, ratio: 1.0173, into: output, frames: frames, loop: loop)
            })
        }
        return least
    }

    private static func besselI0(_ x: Double) -> Double {
        var sum = 1.0, term = 1.0, k = 1.0
        while term > 1e-12 * sum {
            term *= (x / (2 * k)) * (x / (2 * k))
            sum += term
            k += 1
        }
        return sum
    }
}
