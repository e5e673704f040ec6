/// The keys training draws reference notes from: at least 12 semitones wide, within A0…C8 (21…108).
public struct NoteRange: Hashable, Sendable, Codable, CustomStringConvertible {
    public static let limits = MIDINote(21)...MIDINote(108)
    public static let minimumSemitones = 12

    public let lowest: MIDINote
    public let highest: MIDINote

    /// Said in words by the reader of the configuration (`configErrorNoteRange…`).
    public enum Problem: Error, Equatable {
        case outsideLimits(MIDINote)
        /// The lowest note is above the highest.
        case reversed
        case tooNarrow(semitones: Int)
    }

    public init(lowest: MIDINote, highest: MIDINote) throws(Problem) {
        for note in [lowest, highest] where !Self.limits.contains(note) {
            throw .outsideLimits(note)
        }
        guard lowest <= highest else { throw .reversed }
        guard highest.rawValue - lowest.rawValue >= Self.minimumSemitones else {
            throw .tooNarrow(semitones: highest.rawValue - lowest.rawValue)
        }
        self.lowest = lowest
        self.highest = highest
    }

    /// C2…C6 (36…84), the default.
    // invariant: constants forming a valid range.
    public static let standard = NoteRange(checkedLowest: MIDINote(36), highest: MIDINote(84))

    /// For ranges known to be valid (code constants): C2…C6 is inside the limits and 48 semitones wide.
    private init(checkedLowest lowest: MIDINote, highest: MIDINote) {
        self.lowest = lowest
        self.highest = highest
    }

    public func contains(_ note: MIDINote) -> Bool { (lowest...highest).contains(note) }

    /// Every key of the range, lowest first.
    public var notes: [MIDINote] {
        // invariant: every number between two valid notes is a valid note.
        (lowest.rawValue...highest.rawValue).map { MIDINote($0) }
    }

    /// The reference notes from which `interval` lands inside 0…127: the whole range, shrunk at
    /// the edge the interval points to when needed. Never empty for a valid range and interval.
    public func referenceNotes(for interval: DirectedInterval) -> ClosedRange<MIDINote> {
        let shift = interval.signedSemitones
        let low = max(lowest.rawValue, MIDINote.validRange.lowerBound - shift)
        let high = min(highest.rawValue, MIDINote.validRange.upperBound - shift)
        // invariant: both are clamped into 0…127 by the lines above.
        return MIDINote(low)...MIDINote(high)
    }

    public var description: String { "\(lowest.name)–\(highest.name)" }
}
