/// Everything that shapes the next exercise. Read afresh by the sessions at every exercise.
public struct TrainingSettings: Hashable, Sendable {
    public static let referencePitchRange: ClosedRange<Double> = 380...500
    /// The largest loudness difference "vary loudness" can put between the two notes.
    public static let maximumLoudnessVariation: Double = 10

    public var noteRange: NoteRange
    public var noteDuration: NoteDuration
    /// Hear & Compare: silence between the first note's end and the second's start.
    public var noteGap: NoteGap
    /// The frequency of A4, 380…500 Hz.
    public var referencePitch: Frequency
    /// 0 = both notes equally loud; 1 = the second note up to ±`maximumLoudnessVariation` dB off.
    public var loudnessVariation: Double
    /// The intervals the interval modes draw from; the single-note modes always use the prime.
    public var intervals: Set<DirectedInterval>
    public var tuningSystem: TuningSystem
    /// The tunable note starts uniformly within ±this of the target.
    public var pitchMatchingInitialOffsetRange: Cents
    /// How far a full deflection of the tuning control moves the note from where it started.
    public var pitchMatchingTuningRange: Cents
    public var velocity: MIDIVelocity
    /// How Hear & Compare's offset moves after each answer.
    public var staircase: StaircaseRule
    /// 0 = reference notes uniformly over the range; 1 = drawn where the fitted threshold is highest
    /// or least certain, so training goes where the player is weakest.
    public var focus: Double
    /// The rhythm modes' tempo, gap positions and extra latency.
    public var rhythm: RhythmSettings

    public init(
        noteRange: NoteRange = .standard,
        noteDuration: NoteDuration = .standard,
        noteGap: NoteGap = .none,
        referencePitch: Frequency = .concert440,
        loudnessVariation: Double = 0,
        intervals: Set<DirectedInterval> = [DirectedInterval(.perfectFifth, .up)],
        tuningSystem: TuningSystem = .equalTemperament,
        pitchMatchingInitialOffsetRange: Cents = 100,
        pitchMatchingTuningRange: Cents = 100,
        velocity: MIDIVelocity = .standard,
        staircase: StaircaseRule = .seventyFivePercent,
        focus: Double = 0,
        rhythm: RhythmSettings = RhythmSettings()
    ) {
        self.noteRange = noteRange
        self.noteDuration = noteDuration
        self.noteGap = noteGap
        self.referencePitch = referencePitch
        self.loudnessVariation = loudnessVariation
        self.intervals = intervals
        self.tuningSystem = tuningSystem
        self.pitchMatchingInitialOffsetRange = pitchMatchingInitialOffsetRange
        self.pitchMatchingTuningRange = pitchMatchingTuningRange
        self.velocity = velocity
        self.staircase = staircase
        self.focus = focus
        self.rhythm = rhythm
    }

    /// The intervals an exercise in `scope` may use. An empty interval set (which configuration
    /// validation rejects) falls back to the prime rather than stopping training.
    public func intervalChoices(for scope: ExerciseScope) -> [DirectedInterval] {
        switch scope {
        case .singleNotes:
            return [.prime]
        case .intervals:
            return intervals.isEmpty ? [.prime] : intervals.sorted()
        }
    }
}

/// Whether a run trains single notes (every target is the reference's own pitch class, a prime) or intervals.
public enum ExerciseScope: String, Hashable, Sendable, CaseIterable {
    case singleNotes
    case intervals
}

extension TrainingSettings {
    /// The loudness of the second note of an exercise: nominal, or randomly off by up to
    /// `loudnessVariation × maximumLoudnessVariation` dB so that loudness is no cue to pitch.
    func secondNoteAmplitude(random: inout any RandomNumberGenerator) -> AmplitudeDB {
        let spread = min(max(loudnessVariation, 0), 1) * Self.maximumLoudnessVariation
        guard spread > 0 else { return .nominal }
        return AmplitudeDB(Double.random(in: -spread...spread, using: &random))
    }

    /// One of the exercise's interval choices, uniformly.
    func randomInterval(for scope: ExerciseScope, random: inout any RandomNumberGenerator) -> DirectedInterval {
        let choices = intervalChoices(for: scope)
        return choices[Int.random(in: 0..<choices.count, using: &random)]
    }

    /// A reference note, uniformly from the range, such that `interval` stays inside the MIDI range.
    func randomReferenceNote(for interval: DirectedInterval, random: inout any RandomNumberGenerator) -> MIDINote {
        let candidates = noteRange.referenceNotes(for: interval)
        // invariant: drawn from a range of valid notes.
        return MIDINote(Int.random(in: candidates.lowerBound.rawValue...candidates.upperBound.rawValue, using: &random))
    }
}
