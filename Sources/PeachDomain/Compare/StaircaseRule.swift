import Foundation

/// How the offset moves after an answer. Both rules keep the Kazez step after a wrong answer,
/// P·(1 + 0.09·√P), which shrinks as the offset gets small, and clamp to 0.1…100 cents.
public enum StaircaseRule: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// After a right answer divide by (1 + 0.09·√P)^(1/3): one miss undoes three hits, so the
    /// staircase settles where the player is right 75 % of the time, the threshold's criterion.
    case seventyFivePercent = "75-percent"
    /// The seeds' original rule: after a right answer P·(1 − 0.05·√P). It settles near 64 % correct
    /// for small offsets and lower for large ones, so it sits at no fixed criterion.
    case kazez

    public static let offsetRange: ClosedRange<Double> = 0.1...100
    /// A run's starting offset when nothing is measured yet.
    public static let initialOffset = 100.0

    public var description: String { rawValue }

    /// The next offset magnitude after answering one of `magnitude` cents.
    public func nextMagnitude(after magnitude: Cents, wasCorrect: Bool) -> Cents {
        let p = magnitude.magnitude.rawValue
        let widening = 1 + 0.09 * p.squareRoot()
        let next: Double
        switch (self, wasCorrect) {
        case (_, false): next = p * widening
        case (.seventyFivePercent, true): next = p / cbrt(widening)
        case (.kazez, true): next = p * (1 - 0.05 * p.squareRoot())
        }
        return Self.clamped(next)
    }

    static func clamped(_ magnitude: Double) -> Cents {
        Cents(min(max(magnitude, offsetRange.lowerBound), offsetRange.upperBound))
    }
}
