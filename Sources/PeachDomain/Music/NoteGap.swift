/// Silence between the two notes of a Hear & Compare exercise: 0…5 s, default none (the second
/// note follows the first at once). A gap makes the comparison a task of pitch memory.
public struct NoteGap: Hashable, Comparable, Sendable, Codable {
    public static let validRange: ClosedRange<Double> = 0...5
    public let seconds: Double

    /// Nil when `seconds` is outside 0…5.
    public init?(seconds: Double) {
        guard Self.validRange.contains(seconds) else { return nil }
        self.seconds = seconds
    }

    // invariant: a constant inside the valid range.
    public static let none = NoteGap(seconds: 0)!

    public var duration: Duration { .milliseconds(Int64((seconds * 1000).rounded())) }

    public static func < (lhs: NoteGap, rhs: NoteGap) -> Bool { lhs.seconds < rhs.seconds }
}
