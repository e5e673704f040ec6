import Foundation

/// A key on the MIDI keyboard, 0…127 (middle C, `C4`, is 60; `A4` is 69).
public struct MIDINote: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public static let validRange = 0...127

    public let rawValue: Int

    /// A note number known to be valid (code constants); input from outside goes through `init?(validating:)`.
    public init(_ rawValue: Int) {
        precondition(Self.validRange.contains(rawValue), "MIDI note \(rawValue) is outside 0…127")
        self.rawValue = rawValue
    }

    public init?(validating rawValue: Int) {
        guard Self.validRange.contains(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    private static let sharpNames = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]
    private static let letterSemitones: [Character: Int] = ["C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11]

    /// Scientific pitch notation with sharps, as the iOS app writes it: `C4`, `F#3`, `C-1`.
    public var name: String {
        "\(Self.sharpNames[rawValue % 12])\(rawValue / 12 - 1)"
    }

    /// Parses `A4`, `C#3`, `Db3`, `c-1` or a plain MIDI number such as `69`.
    public init?(name: String) {
        let text = name.trimmingCharacters(in: .whitespaces)
        if let number = Int(text) {
            self.init(validating: number)
            return
        }
        guard let letter = text.first.map({ Character($0.uppercased()) }),
              let base = Self.letterSemitones[letter] else { return nil }
        var rest = text.dropFirst()
        var accidental = 0
        while let mark = rest.first, mark == "#" || mark == "b" || mark == "♯" || mark == "♭" {
            accidental += (mark == "#" || mark == "♯") ? 1 : -1
            rest = rest.dropFirst()
        }
        // Octaves −1…9 hold every MIDI note; anything else is no note (and must not overflow).
        guard let octave = Int(rest), (-1...9).contains(octave) else { return nil }
        self.init(validating: (octave + 1) * 12 + base + accidental)
    }

    public var description: String { name }

    /// The note `semitones` away, or nil when that leaves the MIDI range.
    public func offset(bySemitones semitones: Int) -> MIDINote? {
        MIDINote(validating: rawValue + semitones)
    }

    public static func < (lhs: MIDINote, rhs: MIDINote) -> Bool { lhs.rawValue < rhs.rawValue }
}
