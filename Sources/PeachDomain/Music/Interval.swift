/// A musical interval from prime (unison) to octave, without direction.
public enum Interval: Int, Hashable, Comparable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    case prime = 0
    case minorSecond, majorSecond, minorThird, majorThird, perfectFourth, tritone
    case perfectFifth, minorSixth, majorSixth, minorSeventh, majorSeventh, octave

    public var semitones: Int { rawValue }

    /// The short name used in the CSV format and on the status line: `P1 m2 M2 … d5 P5 … P8`.
    public var abbreviation: String {
        ["P1", "m2", "M2", "m3", "M3", "P4", "d5", "P5", "m6", "M6", "m7", "M7", "P8"][rawValue]
    }

    public var name: String {
        ["Prime", "Minor Second", "Major Second", "Minor Third", "Major Third", "Perfect Fourth", "Tritone",
         "Perfect Fifth", "Minor Sixth", "Major Sixth", "Minor Seventh", "Major Seventh", "Octave"][rawValue]
    }

    public init?(abbreviation: String) {
        guard let match = Self.allCases.first(where: { $0.abbreviation == abbreviation }) else { return nil }
        self = match
    }

    public var description: String { abbreviation }

    public static func < (lhs: Interval, rhs: Interval) -> Bool { lhs.rawValue < rhs.rawValue }
}

public enum Direction: String, Hashable, Sendable, Codable, CaseIterable {
    case up, down
}

/// An interval with its direction from the reference note. A prime is always `up`.
public struct DirectedInterval: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let interval: Interval
    public let direction: Direction

    public init(_ interval: Interval, _ direction: Direction = .up) {
        self.interval = interval
        self.direction = interval == .prime ? .up : direction
    }

    public static let prime = DirectedInterval(.prime)

    /// Semitones from the reference note to the target note; negative going down.
    public var signedSemitones: Int {
        direction == .up ? interval.semitones : -interval.semitones
    }

    /// The interval from `reference` to `target`, or nil when they are more than an octave apart.
    public static func between(_ reference: MIDINote, _ target: MIDINote) -> DirectedInterval? {
        let distance = target.rawValue - reference.rawValue
        guard let interval = Interval(rawValue: abs(distance)) else { return nil }
        return DirectedInterval(interval, distance < 0 ? .down : .up)
    }

    /// `P5 up`, `m3 down`, `P1`.
    public var description: String {
        interval == .prime ? interval.abbreviation : "\(interval.abbreviation) \(direction.rawValue)"
    }

    public static func < (lhs: DirectedInterval, rhs: DirectedInterval) -> Bool {
        (lhs.interval, lhs.direction == .up ? 0 : 1) < (rhs.interval, rhs.direction == .up ? 0 : 1)
    }
}

extension MIDINote {
    /// The note an interval away, or nil when that leaves the MIDI range.
    public func transposed(by interval: DirectedInterval) -> MIDINote? {
        offset(bySemitones: interval.signedSemitones)
    }

    /// The exact target pitch of `interval` from this note in `tuningSystem`, the interval measured from
    /// this (reference) note, so every interval is pure in just intonation. Nil outside the MIDI range.
    public func pitch(at interval: DirectedInterval = .prime,
                      in tuningSystem: TuningSystem = .equalTemperament) -> Pitch? {
        guard let target = transposed(by: interval) else { return nil }
        let size = tuningSystem.size(of: interval.interval)
        let signedSize = interval.direction == .up ? size : -size
        return Pitch(note: target, cents: signedSize - Cents(Double(interval.signedSemitones) * 100))
    }
}
