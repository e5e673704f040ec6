/// One Hear & Compare exercise: the reference note, then the target (the reference transposed by the
/// interval in the tuning system) detuned by `centOffset`. The player says whether it was higher or lower.
public struct CompareExercise: Hashable, Sendable {
    public let referenceNote: MIDINote
    public let targetNote: MIDINote
    public let interval: DirectedInterval
    public let tuningSystem: TuningSystem
    /// Signed: + means the target sounds higher than the correct interval.
    public let centOffset: Cents

    /// Nil when the target would leave the MIDI range.
    public init?(referenceNote: MIDINote, interval: DirectedInterval, tuningSystem: TuningSystem, centOffset: Cents) {
        guard let target = referenceNote.transposed(by: interval) else { return nil }
        self.referenceNote = referenceNote
        self.targetNote = target
        self.interval = interval
        self.tuningSystem = tuningSystem
        self.centOffset = centOffset
    }

    public var referencePitch: Pitch { Pitch(note: referenceNote) }

    /// The pitch of the second note: the exact interval, then the offset.
    public var targetPitch: Pitch {
        // invariant: the initializer guaranteed the target note exists.
        referenceNote.pitch(at: interval, in: tuningSystem)!.detuned(by: centOffset)
    }

    public var isTargetHigher: Bool { centOffset > .zero }

    public func isCorrect(answeredHigher: Bool) -> Bool { answeredHigher == isTargetHigher }
}

