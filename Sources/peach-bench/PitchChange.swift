import Foundation

/// Where a steady sine in a recording changes its pitch, to a small fraction of a millisecond. The
/// upward zero crossings are counted through the recording; those in the 100 ms before the move
/// and those from 100 ms after it each lie on a line (crossing k at `phase + k · period`). A change
/// that keeps the phase, as both programs' are, is where the two lines meet.
struct PitchChange {
    static let rate = LoopbackCapture.Recording.rate
    let period: Double
    let phase: Double

    /// The line through `crossings` (index k, position), when every one lies within a tenth of a
    /// sample of it (a clean, steady sine).
    init?(_ crossings: ArraySlice<(k: Int, at: Double)>) {
        guard crossings.count >= 8 else { return nil }
        let n = Double(crossings.count)
        let meanK = crossings.reduce(0) { $0 + Double($1.k) } / n
        let meanT = crossings.reduce(0) { $0 + $1.at } / n
        var covariance = 0.0, variance = 0.0
        for crossing in crossings {
            covariance += (Double(crossing.k) - meanK) * (crossing.at - meanT)
            variance += (Double(crossing.k) - meanK) * (Double(crossing.k) - meanK)
        }
        period = covariance / variance
        phase = meanT - period * meanK
        let worst = crossings.map { abs($0.at - (phase + Double($0.k) * period)) }.max() ?? .infinity
        guard period > 2, worst < 0.1 else { return nil }
    }

    /// Fractional positions where the samples rise through zero, numbered in order.
    static func upwardCrossings(_ samples: ArraySlice<Double>) -> [(k: Int, at: Double)] {
        var crossings: [(k: Int, at: Double)] = []
        var i = samples.startIndex
        while i + 1 < samples.endIndex {
            let a = samples[i], b = samples[i + 1]
            if a < 0, b >= 0 { crossings.append((crossings.count, Double(i) + a / (a - b))) }
            i += 1
        }
        return crossings
    }

    /// The sample position at which the pitch changed after `from` (the move): nil when the
    /// recording shows no steady sine before it, none after it, or no change.
    static func index(in samples: [Double], from: Int) -> Double? {
        guard from > 4800, from + 7200 < samples.count else { return nil }
        // Positions are indices into `samples` (a slice keeps its parent's indices).
        let crossings = upwardCrossings(samples[(from - 4800)...])
        guard let before = PitchChange(crossings.prefix { $0.at < Double(from) }[...]),
              let after = PitchChange(crossings.drop { $0.at < Double(from + 4800) }),
              abs(before.period - after.period) > 0.01 else { return nil }
        let k = (after.phase - before.phase) / (before.period - after.period)
        return before.phase + k * before.period
    }

    /// How far off the analysis is on a made-up recording with a known change (440 → 466 Hz, phase
    /// continuous, 16-bit steps), in milliseconds: the bench prints it beside its figures.
    static func selfCheck() -> Double? {
        let change = 7_301.0
        var phase = 0.3
        var samples: [Double] = []
        for i in 0..<20_000 {
            samples.append((0.25 * sin(phase) * 32768).rounded() / 32768)
            phase += 2 * .pi * (Double(i) < change ? 440 : 466.16) / rate
        }
        guard let found = index(in: samples, from: 6_000) else { return nil }
        return (found - change) / rate * 1000
    }
}
