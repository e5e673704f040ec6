import Foundation

/// How far each note of a preset (each MIDI key of it, as SoundFonts say) actually sounds from its
/// equal-tempered pitch (A4 = 440 Hz), as measured in FluidSynth's rendered audio. The engine
/// divides it out, so every note is exact.
public struct NoteCalibration: Codable, Sendable, Equatable {
    /// The keys measured: the piano's 88.
    public static let keys = 21...108

    /// Per key of `keys`: the measured deviation in cents, nil when the key made no measurable tone.
    public var cents: [Double?]
    /// Keys whose pitch drifts or wobbles (vibrato, detuned layers): their pitch is not exact.
    public var unstableKeys: [Int]

    public init(cents: [Double?], unstableKeys: [Int]) {
        precondition(cents.count == Self.keys.count)
        self.cents = cents
        self.unstableKeys = unstableKeys
    }

    /// Every key exactly in tune: right for a sound whose tuning is known to be exact.
    public static let exact = NoteCalibration(cents: Array(repeating: 0, count: keys.count), unstableKeys: [])

    public var isStable: Bool { unstableKeys.isEmpty }

    public func cents(ofKey key: Int) -> Double? {
        Self.keys.contains(key) ? cents[key - Self.keys.lowerBound] : nil
    }

    /// The frequency key `key` actually sounds at, nil when it makes no tone.
    public func frequency(ofKey key: Int) -> Double? {
        guard let deviation = cents(ofKey: key) else { return nil }
        return 440 * pow(2, (Double(key - 69) + deviation / 100) / 12)
    }

    /// The playable key that sounds nearest to `frequency`, and its actual frequency.
    public func nearestKey(to frequency: Double) -> (key: Int, frequency: Double)? {
        var best: (key: Int, frequency: Double, distance: Double)?
        for key in Self.keys {
            guard let actual = self.frequency(ofKey: key) else { continue }
            let distance = abs(log2(frequency / actual))
            if distance < best?.distance ?? .infinity { best = (key, actual, distance) }
        }
        return best.map { ($0.key, $0.frequency) }
    }

    /// The spread of the deviations, for reports.
    public var range: ClosedRange<Double>? {
        let values = cents.compactMap { $0 }
        guard let low = values.min(), let high = values.max() else { return nil }
        return low...high
    }
}
