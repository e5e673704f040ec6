import Foundation
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

    /// A note as a musician of the language writes it, or its MIDI number: English `A4`, `C#3`,
    /// `Db3`; German `A4`, `Cis3`, `Es4`, `As3`, `H4` (English B4) and `B4` (English A#4 or Bb4),
    /// also with `#` or `b` after the letter. Nil for anything else.
    public func note(named text: String) -> MIDINote? {
        guard language == .german else { return MIDINote(name: text) }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let number = Int(trimmed) { return MIDINote(validating: number) }
        let letters: [Character: Int] = ["C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 10, "H": 11]
        guard let letter = trimmed.first.map({ Character($0.uppercased()) }), let base = letters[letter] else { return nil }
        var rest = Substring(trimmed.dropFirst().lowercased())
        var accidental = 0
        while true {
            if rest.hasPrefix("is") { accidental += 1; rest = rest.dropFirst(2) }
            else if rest.hasPrefix("es") { accidental -= 1; rest = rest.dropFirst(2) }
            // As and Es: the vowel's flat drops the e of -es.
            else if rest.hasPrefix("s"), accidental == 0, letter == "A" || letter == "E" { accidental -= 1; rest = rest.dropFirst() }
            else if rest.first == "#" || rest.first == "♯" { accidental += 1; rest = rest.dropFirst() }
            else if rest.first == "b" || rest.first == "♭" { accidental -= 1; rest = rest.dropFirst() }
            else { break }
        }
        // B is already flat: a B with a sign (Bb, B#) is an English name or a slip, never a German one.
        guard let octave = Int(rest), (-1...9).contains(octave), letter != "B" || accidental == 0 else { return nil }
        return MIDINote(validating: (octave + 1) * 12 + base + accidental)
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
