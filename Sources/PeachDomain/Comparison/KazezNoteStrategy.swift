import Foundation

/// The adaptive staircase after Kazez et al.: narrow the offset after a correct answer, widen it
/// after a wrong one, by steps that shrink as the offset gets small.
public struct KazezNoteStrategy: NextComparisonStrategy {
    public static let offsetRange: ClosedRange<Double> = 0.1...100
    /// The magnitude of a run's first comparison when the player has no profile yet.
    public static let initialOffset = Cents(100)

    public init() {}

    /// The next offset magnitude from the last one: `P·(1 − 0.05·√P)` if correct, `P·(1 + 0.09·√P)` if wrong.
    public static func nextMagnitude(after magnitude: Cents, wasCorrect: Bool) -> Cents {
        let p = magnitude.magnitude.rawValue
        let next = wasCorrect ? p * (1 - 0.05 * p.squareRoot()) : p * (1 + 0.09 * p.squareRoot())
        return clamped(Cents(next))
    }

    static func clamped(_ magnitude: Cents) -> Cents {
        Cents(min(max(magnitude.rawValue, offsetRange.lowerBound), offsetRange.upperBound))
    }

    public func nextComparison(
        settings: TrainingSettings,
        interval: DirectedInterval,
        overallThreshold: Cents?,
        lastComparison: CompletedComparison?,
        random: inout any RandomNumberGenerator
    ) -> Comparison {
        let magnitude: Cents
        if let last = lastComparison {
            magnitude = Self.nextMagnitude(after: last.comparison.centOffset, wasCorrect: last.isCorrect)
        } else {
            magnitude = Self.clamped(overallThreshold ?? Self.initialOffset)
        }
        let offset = Bool.random(using: &random) ? magnitude : -magnitude
        let reference = settings.randomReferenceNote(for: interval, random: &random)
        // `referenceNotes(for:)` keeps the target inside the MIDI range.
        return Comparison(referenceNote: reference, interval: interval, tuningSystem: settings.tuningSystem,
                          centOffset: offset)!
    }
}
