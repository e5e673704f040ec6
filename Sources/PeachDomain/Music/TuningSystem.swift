import Foundation

/// How large each interval is. Just intonation here is measured from each exercise's reference
/// note, so every trained interval is pure (no wolf fifths from a fixed tonic).
public enum TuningSystem: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    case equalTemperament
    case justIntonation

    /// The size of `interval` in cents.
    public func size(of interval: Interval) -> Cents {
        switch self {
        case .equalTemperament:
            return Cents(Double(interval.semitones) * 100)
        case .justIntonation:
            return Self.justSizes[interval.rawValue]
        }
    }

    /// The 5-limit just ratios from prime to octave.
    private static let justRatios: [(numerator: Double, denominator: Double)] = [
        (1, 1), (16, 15), (9, 8), (6, 5), (5, 4), (4, 3), (45, 32), (3, 2), (8, 5), (5, 3), (9, 5), (15, 8), (2, 1),
    ]

    private static let justSizes: [Cents] = justRatios.map { Cents(1200 * log2($0.numerator / $0.denominator)) }

    public var description: String { rawValue }
}
