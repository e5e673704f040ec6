/// Periodic waveforms computed with plain IEEE arithmetic only (no libm), so the samples — and the
/// file — are the same bytes on every machine and compiler that honours IEEE 754.
public enum Waveform {
    /// One loop of a harmonic tone: `amplitudes[n − 1]` is the amplitude of harmonic n, and the loop
    /// holds `loop.cycles` periods of the fundamental in `loop.length` frames. Phases start at zero.
    public static func harmonicLoop(amplitudes: [Double], loop: ExactLoop) -> [Double] {
        (0..<loop.length).map { frame in
            var value = 0.0
            for (index, amplitude) in amplitudes.enumerated() where amplitude != 0 {
                let harmonic = index + 1
                let phase = (harmonic * loop.cycles * frame) % loop.length
                value += amplitude * sine(turns: phase, of: loop.length)
            }
            return value
        }
    }

    /// The loop scaled so that its largest magnitude is `peak`, rounded to 16-bit frames.
    public static func quantized(_ values: [Double], peak: Double) -> [Int16] {
        let largest = values.reduce(0) { max($0, abs($1)) }
        guard largest > 0 else { return values.map { _ in 0 } }
        let scale = peak / largest
        return values.map { Int16(($0 * scale).rounded()) }
    }

    /// sin(2π · numerator / denominator) for 0 ≤ numerator < denominator. The argument is reduced
    /// exactly in integers to within an eighth of a turn, then a Taylor series (error < 1e-17) is used.
    public static func sine(turns numerator: Int, of denominator: Int) -> Double {
        precondition(denominator > 0 && numerator >= 0 && numerator < denominator)
        // Nearest quarter turn m, and the rest r/(4·denominator) turns, |rest| ≤ 1/8 turn.
        let quarter = (8 * numerator + denominator) / (2 * denominator)
        let rest = 4 * numerator - quarter * denominator
        let x = (Double.pi / 2) * Double(rest) / Double(denominator)
        switch quarter % 4 {
        case 0: return sinSeries(x)
        case 1: return cosSeries(x)
        case 2: return -sinSeries(x)
        default: return -cosSeries(x)
        }
    }

    /// x − x³/3! + x⁵/5! − … up to x¹⁹/19!, in Horner form.
    private static func sinSeries(_ x: Double) -> Double {
        let x2 = x * x
        var term = 1.0
        for n in stride(from: 19, through: 3, by: -2) {
            term = 1 - x2 / Double(n * (n - 1)) * term
        }
        return x * term
    }

    /// 1 − x²/2! + x⁴/4! − … up to x²⁰/20!, in Horner form.
    private static func cosSeries(_ x: Double) -> Double {
        let x2 = x * x
        var term = 1.0
        for n in stride(from: 20, through: 2, by: -2) {
            term = 1 - x2 / Double(n * (n - 1)) * term
        }
        return term
    }
}
