import PeachDomain

/// Notes and intervals as a musician of the language writes them: in German B4 is H4 and A#4 is
/// Ais4 (an English "B4" would read as B-flat), and a perfect fifth up is "r5 aufwärts".
extension Texts {
    /// "A4", "C#3"; German "A4", "Cis3", "H3".
    public func name(_ note: MIDINote) -> String {
        let names = text(.noteNames).split(separator: ",")
        let pitchClass = note.rawValue % 12
        guard names.count == 12 else { return note.name }
        return "\(names[pitchClass])\(note.rawValue / 12 - 1)"
    }

    /// "P5 up", "m3 down", "P1"; German "r5 aufwärts", "k3 abwärts", "r1".
    public func name(_ interval: DirectedInterval) -> String {
        let names = text(.intervalNames).split(separator: ",")
        let short = names.count == 13 ? String(names[interval.interval.rawValue]) : interval.interval.abbreviation
        guard interval != .prime else { return short }
        return text(interval.direction == .up ? .intervalUp : .intervalDown, short)
    }

    /// "C4", or "C4→G4 P5 up" for an interval: what an exercise played.
    public func notes(_ reference: MIDINote, _ target: MIDINote, _ interval: DirectedInterval) -> String {
        interval == .prime ? name(reference) : "\(name(reference))→\(name(target)) \(name(interval))"
    }
}

extension Texts {
    /// The words a warning's line adds after occurrences it only counted (`RepeatedWarning`): "" or
    /// " (and 41 more in the last 10 s)".
    public func repeated(_ counted: Int, within warning: RepeatedWarning) -> String {
        counted == 0 ? "" : text(.repeatedWarningNote, counted, Int(warning.interval))
    }
}
