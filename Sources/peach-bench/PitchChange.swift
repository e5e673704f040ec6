import Foundation

/// Where a steady sine in a recording changes its pitch, to a small fraction of a millisecond.
///
/// snd-aloop's capture under emulation is continuous only in stretches (of 384 frames here): between
/// them the phase jumps. So the recording is cut at every jump, and each stretch's upward zero
/// crossings are read on their own: the stretches before the move give the old period, those from
/// 100 ms after it the new one, and in the stretch where the pitch changed, the crossings before the
/// change lie on a line of the old period and those after on a line of the new one. A change that
/// keeps the phase, as both programs' do, is where the two lines meet. A change that falls in a jump
/// cannot be placed; that round reads as unclear.
enum PitchChange {
    static let rate = LoopbackCapture.Recording.rate

    /// The sample position at which the pitch changed after `from` (the move); nil when the
    /// recording shows no steady sine before or after it, or the change cannot be placed.
    static func index(in samples: [Double], from: Int) -> Double? {
        guard from > 4800, from + 9600 <= samples.count else { return nil }
        let stretches = continuousStretches(samples)
        /// The periods of the stretches' parts inside `window`.
        func periods(in window: Range<Int>) -> [Double] {
            stretches.map { $0.clamped(to: window) }.filter { !$0.isEmpty }.compactMap { period(of: crossings(samples[$0])) }
        }
        guard let old = median(periods(in: (from - 4800)..<from)), let new = median(periods(in: (from + 4800)..<(from + 9600))),
              abs(old - new) > 0.01 else { return nil }
        // From a little before the move (two old crossings at least) to where the pitch has surely changed.
        for stretch in stretches.map({ $0.clamped(to: (from - 960)..<(from + 4800)) }) where !stretch.isEmpty {
            let found = crossings(samples[stretch])
            if fits(found, period: old) { continue }
            return change(in: found, old: old, new: new)
        }
        return nil
    }

    /// Ranges between the jumps: steps larger than half again the largest a steady sine takes.
    static func continuousStretches(_ samples: [Double]) -> [Range<Int>] {
        let steps = zip(samples, samples.dropFirst()).map { abs($1 - $0) }.sorted()
        guard !steps.isEmpty else { return [] }
        let limit = 1.5 * steps[steps.count * 99 / 100]
        var stretches: [Range<Int>] = []
        var start = 0
        for i in 1..<samples.count where abs(samples[i] - samples[i - 1]) > limit {
            stretches.append(start..<i)
            start = i
        }
        stretches.append(start..<samples.count)
        return stretches
    }

    /// Fractional positions where the samples rise through zero.
    static func crossings(_ samples: ArraySlice<Double>) -> [Double] {
        var found: [Double] = []
        var i = samples.startIndex
        while i + 1 < samples.endIndex {
            let a = samples[i], b = samples[i + 1]
            if a < 0, b >= 0 { found.append(Double(i) + a / (a - b)) }
            i += 1
        }
        return found
    }

    /// The spacing of evenly spaced crossings (least squares), nil for fewer than three or uneven ones.
    static func period(of crossings: [Double]) -> Double? {
        guard crossings.count >= 3 else { return nil }
        let n = Double(crossings.count)
        let meanK = (n - 1) / 2
        let meanT = crossings.reduce(0, +) / n
        var covariance = 0.0, variance = 0.0
        for (k, t) in crossings.enumerated() {
            covariance += (Double(k) - meanK) * (t - meanT)
            variance += (Double(k) - meanK) * (Double(k) - meanK)
        }
        let period = covariance / variance
        return fits(crossings, period: period) ? period : nil
    }

    /// Whether the crossings lie on one line of this period, within a twentieth of a sample (a step
    /// of 100 cents moves the next crossing by 6 % of a period, several samples).
    static func fits(_ crossings: [Double], period: Double) -> Bool {
        let phase = zip(crossings.indices, crossings).map { $1 - Double($0) * period }
        guard let low = phase.min(), let high = phase.max() else { return true }
        return high - low < 0.05
    }

    /// Where the crossings leave the line of the `old` period for one of the `new` period: at least
    /// two on the old line (one alone could be a new one), then the rest on a new line; the change
    /// lies between the two crossings of the split.
    static func change(in crossings: [Double], old: Double, new: Double) -> Double? {
        for split in 2..<max(2, crossings.count) {
            let before = Array(crossings[..<split]), after = Array(crossings[split...])
            guard fits(before, period: old), fits(after, period: new) else { continue }
            // Crossing k lies at a1 + k·old before the change and at a2 + k·new after it.
            let a1 = zip(before.indices, before).map { $1 - Double($0) * old }.reduce(0, +) / Double(before.count)
            let a2 = zip(after.indices, after).map { $1 - Double($0 + split) * new }.reduce(0, +) / Double(after.count)
            let k = (a2 - a1) / (old - new)
            let at = a1 + k * old
            guard at >= before[before.count - 1] - 0.5, at <= after[0] + 0.5 else { return nil }
            return at
        }
        return nil
    }

    static func median(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.sorted()[values.count / 2]
    }

    /// How far off the analysis is on a made-up recording with a known change (440 → 466 Hz, phase
    /// continuous, 16-bit steps, jumps of phase every 384 samples as in the guest), in milliseconds.
    static func selfCheck() -> Double? {
        let change = 7_450.0
        var phase = 0.3
        var samples: [Double] = []
        for i in 0..<20_000 {
            if i % 384 == 0 { phase += 2.1 }
            samples.append((0.25 * sin(phase) * 32768).rounded() / 32768)
            phase += 2 * .pi * (Double(i) < change ? 440 : 466.16) / rate
        }
        guard let found = index(in: samples, from: 6_000) else { return nil }
        return (found - change) / rate * 1000
    }
}
