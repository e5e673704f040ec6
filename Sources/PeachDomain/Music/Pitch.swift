import Foundation

/// A detuned note: a MIDI note plus a cent deviation from its equal-tempered pitch.
/// Once a `Pitch` exists, any tuning-system arithmetic has been applied.
public struct Pitch: Hashable, Sendable, Codable, CustomStringConvertible {
    public let note: MIDINote
    public let cents: Cents

    public init(note: MIDINote, cents: Cents = .zero) {
        self.note = note
        self.cents = cents
    }

    /// `referencePitch · 2^((note − 69 + cents/100) / 12)`, in one exponent for precision.
    public func frequency(referencePitch: Frequency = .concert440) -> Frequency {
        let semitonesFromA4 = Double(note.rawValue - 69) + cents.rawValue / 100
        return Frequency(referencePitch.rawValue * pow(2, semitonesFromA4 / 12))
    }

    /// The same pitch moved by `offset` cents, still named after the same note.
    public func detuned(by offset: Cents) -> Pitch {
        Pitch(note: note, cents: cents + offset)
    }

    public var description: String {
        cents == .zero ? note.name : "\(note.name) \(cents)"
    }
}
