import Foundation

/// One answered comparison as it is stored, exported and imported.
public struct ComparisonRecord: Hashable, Sendable {
    public let referenceNote: MIDINote
    public let targetNote: MIDINote
    /// Signed offset of the target from the correct interval.
    public let centOffset: Cents
    public let isCorrect: Bool
    public let interval: DirectedInterval
    public let tuningSystem: TuningSystem
    public let timestamp: Date

    /// Nil when the notes are more than an octave apart (no interval Peach trains).
    public init?(referenceNote: MIDINote, targetNote: MIDINote, centOffset: Cents, isCorrect: Bool,
                 tuningSystem: TuningSystem, timestamp: Date) {
        guard let interval = DirectedInterval.between(referenceNote, targetNote) else { return nil }
        self.referenceNote = referenceNote
        self.targetNote = targetNote
        self.centOffset = centOffset
        self.isCorrect = isCorrect
        self.interval = interval
        self.tuningSystem = tuningSystem
        self.timestamp = timestamp
    }

    public init(_ completed: CompletedComparison) {
        let comparison = completed.comparison
        referenceNote = comparison.referenceNote
        targetNote = comparison.targetNote
        centOffset = comparison.centOffset
        isCorrect = completed.isCorrect
        interval = comparison.interval
        tuningSystem = comparison.tuningSystem
        timestamp = completed.timestamp
    }

    public var mode: TrainingMode { TrainingMode(skill: .comparison, interval: interval) }
}
