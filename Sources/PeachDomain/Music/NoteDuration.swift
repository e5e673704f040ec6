/// How long each training note sounds: 0.3…3.0 s, default 1.0 s.
public struct NoteDuration: Hashable, Comparable, Sendable, Codable {
    public static let validRange: ClosedRange<Double> = 0.3...3.0
    public let seconds: Double

    /// Nil when `seconds` is outside 0.3…3.0.
    public init?(seconds: Double) {
        guard Self.validRange.contains(seconds) else { return nil }
        self.seconds = seconds
    }

    // invariant: a constant inside the valid range.
    public static let standard = NoteDuration(seconds: 1.0)!

    public var duration: Duration { .milliseconds(Int64((seconds * 1000).rounded())) }

    public static func < (lhs: NoteDuration, rhs: NoteDuration) -> Bool { lhs.seconds < rhs.seconds }
}
