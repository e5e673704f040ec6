import Foundation

/// One Tune & Match answer: the exercise, where the player committed the tunable note, and when.
/// As it is given, stored, exported and imported.
public struct MatchAnswer: Hashable, Sendable {
    public let referenceNote: MIDINote
    public let targetNote: MIDINote
    /// Where the tunable note started, relative to the target.
    public let initialCentOffset: Cents
    /// Where the player left it, relative to the target (`1200·log2(userFrequency / targetFrequency)`):
    /// + is sharp.
    public let userCentError: Cents
    public let interval: DirectedInterval
    public let tuningSystem: TuningSystem
    public let timestamp: Date

    /// Nil when the notes are more than an octave apart (no interval Peach trains).
    public init?(referenceNote: MIDINote, targetNote: MIDINote, initialCentOffset: Cents, userCentError: Cents,
                 tuningSystem: TuningSystem, timestamp: Date) {
        guard let interval = DirectedInterval.between(referenceNote, targetNote) else { return nil }
        self.referenceNote = referenceNote
        self.targetNote = targetNote
        self.initialCentOffset = initialCentOffset
        self.userCentError = userCentError
        self.interval = interval
        self.tuningSystem = tuningSystem
        self.timestamp = timestamp
    }

    /// The answer to `exercise`: the note committed `userCentError` from the target.
    public init(exercise: MatchExercise, userCentError: Cents, timestamp: Date) {
        referenceNote = exercise.referenceNote
        targetNote = exercise.targetNote
        initialCentOffset = exercise.initialCentOffset
        self.userCentError = userCentError
        interval = exercise.interval
        tuningSystem = exercise.tuningSystem
        self.timestamp = timestamp
    }

    public var mode: TrainingMode { TrainingMode(skill: .match, interval: interval) }

    /// Close, moderate or far.
    public var result: AnswerResult { AnswerResult(error: userCentError) }
}
