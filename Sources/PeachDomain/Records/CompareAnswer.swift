import Foundation

/// One Hear & Compare answer: the exercise, whether it was answered right, and when. As it is
/// given, stored, exported and imported.
public struct CompareAnswer: Hashable, Sendable {
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

    /// The answer to `exercise`: higher (than the correct interval) or not.
    public init(exercise: CompareExercise, answeredHigher: Bool, timestamp: Date) {
        referenceNote = exercise.referenceNote
        targetNote = exercise.targetNote
        centOffset = exercise.centOffset
        isCorrect = exercise.isCorrect(answeredHigher: answeredHigher)
        interval = exercise.interval
        tuningSystem = exercise.tuningSystem
        self.timestamp = timestamp
    }

    /// What the player answered: higher (than the correct interval) or lower.
    public var answeredHigher: Bool { isCorrect == (centOffset > .zero) }

    public var mode: TrainingMode { TrainingMode(skill: .compare, interval: interval) }
}
