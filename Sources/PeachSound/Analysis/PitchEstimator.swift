import Foundation

/// Measures the frequency of a steady tone to far better than 0.01 cent.
///
/// Method: a coarse peak search of the windowed spectrum near a hint, then the phase of that
/// component is followed through overlapping Blackman–Harris windows and a weighted straight line is
/// fitted to it; its slope is the frequency offset. A symmetric window makes each window's phase
/// exact for a pure tone, a decaying envelope only adds a constant, and harmonics, the mirror
/// image and noise sit in the −92 dB sidelobes, so the error is set by the phase fit alone.
public struct PitchEstimator: Sendable {
    /// What one measurement found.
    public struct Estimate: Sendable, CustomStringConvertible {
        /// The measured frequency in hertz.
        public let frequency: Double
        /// How much the frequency of the second half differs from the first, in cents.
        public let drift: Double
        /// RMS distance of the followed phase from the fitted line, in radians: small for a steady
        /// tone, large for vibrato, beating layers or noise.
        public let phaseResidual: Double
        /// The peak's amplitude (linear, of a sine), to tell a tone from silence.
        public let amplitude: Double

        /// Steady enough that `frequency` means one pitch to 0.1 cent: the halves agree within 0.1 cent
        /// and the phase keeps within 0.1 rad RMS of a straight line (±1 cent of 5 Hz vibrato at A4
        /// already exceeds that).
        public var isSteady: Bool { abs(drift) < 0.1 && phaseResidual < 0.1 }

        public func cents(from reference: Double) -> Double { 1200 * log2(frequency / reference) }

        public var description: String {
            // not a text: a measurement for tests and benchmarks
            String(format: "%.6f Hz (drift %.4f ct, residual %.5f rad, amplitude %.4f)",
                   frequency, drift, phaseResidual, amplitude)
        }
    }

    /// How far from the hint the tone may be, in cents.
    public var searchRange: Double

    public init(searchRange: Double = 110) {
        self.searchRange = searchRange
    }

    /// The frequency of the tone near `hint` hertz in `samples`; nil when the tone is too short or
    /// there is none.
    public func estimate(_ samples: [Float], sampleRate: Double, near hint: Double) -> Estimate? {
        samples.withUnsafeBufferPointer { estimate($0, sampleRate: sampleRate, near: hint) }
    }

    public func estimate(_ samples: UnsafeBufferPointer<Float>, sampleRate: Double, near hint: Double) -> Estimate? {
        guard hint > 0, hint < sampleRate / 2, !samples.isEmpty else { return nil }
        // Twelve periods per window put the second harmonic three main-lobe widths away.
        var length = max(2048, Int((12 * sampleRate / hint).rounded(.up)))
        if length * 2 > samples.count { length = samples.count / 2 }
        guard length >= 256 else { return nil }
        let window = Self.blackmanHarris(length)
        let hop = length / 4
        let count = (samples.count - length) / hop + 1
        guard count >= 3 else { return nil }

        // Coarse: the strongest component within the search range, in quarter-bin steps over the
        // middle window, refined by a parabola through the log magnitudes.
        let middle = (count / 2) * hop
        let low = hint * pow(2, -searchRange / 1200), high = min(hint * pow(2, searchRange / 1200), sampleRate / 2 * 0.98)
        let step = sampleRate / Double(length) / 4
        var magnitudes: [Double] = []
        var f = low
        while f <= high {
            magnitudes.append(Self.component(samples, start: middle, window: window, omega: 2 * .pi * f / sampleRate).magnitude)
            f += step
        }
        guard let peak = magnitudes.indices.max(by: { magnitudes[$0] < magnitudes[$1] }), magnitudes[peak] > 0 else {
            return nil
        }
        var coarse = low + Double(peak) * step
        if peak > 0, peak + 1 < magnitudes.count, magnitudes[peak - 1] > 0, magnitudes[peak + 1] > 0 {
            let a = log(magnitudes[peak - 1]), b = log(magnitudes[peak]), c = log(magnitudes[peak + 1])
            let denominator = a - 2 * b + c
            if denominator < 0 { coarse += step * 0.5 * (a - c) / denominator }
        }

        // Fine: follow the phase; twice, the second time demodulating at the first answer.
        var frequency = coarse
        var fit = PhaseFit(slope: 0, residual: 0, firstHalfSlope: 0, secondHalfSlope: 0, amplitude: 0)
        for _ in 0..<2 {
            let omega = 2 * .pi * frequency / sampleRate
            fit = Self.followPhase(samples, window: window, hop: hop, count: count, omega: omega)
            frequency += fit.slope * sampleRate / (2 * .pi)
        }
        let f1 = frequency + (fit.firstHalfSlope - fit.slope) * sampleRate / (2 * .pi)
        let f2 = frequency + (fit.secondHalfSlope - fit.slope) * sampleRate / (2 * .pi)
        let windowSum = window.reduce(0, +)
        return Estimate(frequency: frequency, drift: 1200 * log2(f2 / f1), phaseResidual: fit.residual,
                        amplitude: 2 * fit.amplitude / windowSum)
    }

    struct PhaseFit {
        var slope: Double
        var residual: Double
        var firstHalfSlope: Double
        var secondHalfSlope: Double
        var amplitude: Double
    }

    /// Unwrapped phases of the component at `omega` in each window, and weighted straight lines
    /// through all of them and through each half.
    static func followPhase(_ samples: UnsafeBufferPointer<Float>, window: [Double], hop: Int, count: Int,
                            omega: Double) -> PhaseFit {
        var times = [Double](repeating: 0, count: count)
        var phases = [Double](repeating: 0, count: count)
        var weights = [Double](repeating: 0, count: count)
        var previous: (re: Double, im: Double)?
        var unwrapped = 0.0
        var peak = 0.0
        for k in 0..<count {
            let z = component(samples, start: k * hop, window: window, omega: omega)
            if let p = previous {
                // arg(z · conj p): the phase advance over one hop, never more than a fraction of a turn.
                unwrapped += atan2(z.im * p.re - z.re * p.im, z.re * p.re + z.im * p.im)
            } else {
                unwrapped = atan2(z.im, z.re)
            }
            previous = (z.re, z.im)
            times[k] = Double(k * hop)
            phases[k] = unwrapped
            let magnitude = z.magnitude
            weights[k] = magnitude * magnitude
            peak = max(peak, magnitude)
        }
        // Windows much weaker than the strongest (release tails, silence) carry no reliable phase.
        let floor = peak * peak * 1e-6
        for k in 0..<count where weights[k] < floor { weights[k] = 0 }
        let all = line(times, phases, weights, 0..<count)
        var squares = 0.0, total = 0.0
        for k in 0..<count {
            let r = phases[k] - (all.intercept + all.slope * times[k])
            squares += weights[k] * r * r
            total += weights[k]
        }
        let half = count / 2
        let first = line(times, phases, weights, 0..<max(half, 2))
        let second = line(times, phases, weights, min(half, count - 2)..<count)
        return PhaseFit(slope: all.slope, residual: total > 0 ? (squares / total).squareRoot() : .infinity,
                        firstHalfSlope: first.slope, secondHalfSlope: second.slope, amplitude: peak)
    }

    static func line(_ x: [Double], _ y: [Double], _ w: [Double], _ range: Range<Int>) -> (slope: Double, intercept: Double) {
        var sw = 0.0, sx = 0.0, sy = 0.0
        for k in range { sw += w[k]; sx += w[k] * x[k]; sy += w[k] * y[k] }
        guard sw > 0 else { return (0, 0) }
        let mx = sx / sw, my = sy / sw
        var sxx = 0.0, sxy = 0.0
        for k in range {
            let dx = x[k] - mx
            sxx += w[k] * dx * dx
            sxy += w[k] * dx * (y[k] - my)
        }
        guard sxx > 0 else { return (0, my) }
        let slope = sxy / sxx
        return (slope, my - slope * mx)
    }

    /// Σ w[n]·x[start+n]·e^(−iω(start+n)): the phase refers to absolute sample time, so for a steady
    /// tone it advances exactly with the frequency offset from one window to the next.
    static func component(_ samples: UnsafeBufferPointer<Float>, start: Int, window: [Double], omega: Double)
        -> (re: Double, im: Double, magnitude: Double) {
        // The oscillator restarts exactly at each window so rounding never accumulates across windows.
        let phase0 = (omega * Double(start)).truncatingRemainder(dividingBy: 2 * .pi)
        var c = cos(phase0), s = -sin(phase0)
        let dc = cos(omega), ds = -sin(omega)
        var re = 0.0, im = 0.0
        window.withUnsafeBufferPointer { w in
            for n in 0..<w.count {
                let v = w[n] * Double(samples[start + n])
                re += v * c
                im += v * s
                let nc = c * dc - s * ds
                s = c * ds + s * dc
                c = nc
            }
        }
        return (re, im, (re * re + im * im).squareRoot())
    }

    /// The 4-term Blackman–Harris window (sidelobes below −92 dB).
    static func blackmanHarris(_ length: Int) -> [Double] {
        let a0 = 0.35875, a1 = 0.48829, a2 = 0.14128, a3 = 0.01168
        let d = Double(length - 1)
        return (0..<length).map { n in
            let x = 2 * Double.pi * Double(n) / d
            return a0 - a1 * cos(x) + a2 * cos(2 * x) - a3 * cos(3 * x)
        }
    }
}
