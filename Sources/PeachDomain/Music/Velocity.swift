/// MIDI note-on velocity, 1…127 (0 would be a note-off).
public struct MIDIVelocity: Hashable, Comparable, Sendable, Codable {
    public static let validRange: ClosedRange<UInt8> = 1...127
    public let rawValue: UInt8

    public init(_ rawValue: UInt8) {
        precondition(Self.validRange.contains(rawValue), "velocity \(rawValue) is outside 1…127")
        self.rawValue = rawValue
    }

    public init?(validating rawValue: Int) {
        guard rawValue >= 1 && rawValue <= 127 else { return nil }
        self.rawValue = UInt8(rawValue)
    }

    /// The iOS app's training velocity.
    public static let standard = MIDIVelocity(63)

    public static func < (lhs: MIDIVelocity, rhs: MIDIVelocity) -> Bool { lhs.rawValue < rhs.rawValue }
}
