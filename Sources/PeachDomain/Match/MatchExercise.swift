/// One Tune & Match exercise: the reference note, then a tunable note that starts `initialCentOffset`
/// away from the target (the reference transposed by the interval) and that the player tunes onto it.
public struct MatchExercise: Hashable, Sendable {
    public let referenceNote: MIDINote
    public let targetNote: MIDINote
    public let interval: DirectedInterval
    public let tuningSystem: TuningSystem
    public let initialCentOffset: Cents

    /// Nil when the target would leave the MIDI range.
    public init?(referenceNote: MIDINote, interval: DirectedInterval, tuningSystem: TuningSystem,
                 initialCentOffset: Cents) {
        guard let target = referenceNote.transposed(by: interval) else { return nil }
        self.referenceNote = referenceNote
        self.targetNote = target
        self.interval = interval
        self.tuningSystem = tuningSystem
        self.initialCentOffset = initialCentOffset
    }

    public var referencePitch: Pitch { Pitch(note: referenceNote) }

    /// Where the player should end up: the exact interval from the reference.
    public var targetPitch: Pitch {
        // invariant: the initialiser refuses an exercise whose target leaves the MIDI range.
        referenceNote.pitch(at: interval, in: tuningSystem)!
    }

    /// The tunable note for a control value v ∈ [−1, 1]: `initialCentOffset + v·tuningRange` from the target.
    public func tunablePitch(controlValue: Double, tuningRange: Cents) -> Pitch {
        targetPitch.detuned(by: initialCentOffset + tuningRange * min(max(controlValue, -1), 1))
    }
}
