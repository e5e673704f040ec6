import Foundation

/// One committed pitch-matching attempt as it is stored, exported and imported.
public struct PitchMatchingRecord: Hashable, Sendable {
    public let referenceNote: MIDINote
    public let targetNote: MIDINote
    /// Where the tunable note started, relative to the target.
    public let initialCentOffset: Cents
    /// Where the player left it, relative to the target: + is sharp.
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

    public init(_ completed: CompletedPitchMatching) {
        let challenge = completed.challenge
        referenceNote = challenge.referenceNote
        targetNote = challenge.targetNote
        initialCentOffset = challenge.initialCentOffset
        userCentError = completed.userCentError
        interval = challenge.interval
        tuningSystem = challenge.tuningSystem
        timestamp = completed.timestamp
    }

    public var mode: TrainingMode { TrainingMode(skill: .matching, interval: interval) }
}
