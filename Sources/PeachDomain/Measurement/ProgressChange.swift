/// Whether a mode has got better or worse: the later part of its recent answers against the earlier
/// part. Called improving or declining only when the difference is far beyond chance (|z| > 3.29,
/// two-sided 0.1 %): a player who does not change is told "stable" at least 99 % of the time even
/// though the model is only an approximation of their hearing.
public struct ProgressChange: Hashable, Sendable {
    public static let criticalZ = 3.29
    /// Fewer answers than this in a mode give no trend.
    public static let minimumAnswers = 20
    /// Each part holds at most this many of the most recent answers.
    public static let largestPart = 1500

    public let trend: ProgressTimeline.Trend
    /// The earlier and later value (threshold or mean error) in cents.
    public let earlier: Double
    public let later: Double

    public init(earlier: Double, later: Double, z: Double) {
        self.earlier = earlier
        self.later = later
        trend = z < -Self.criticalZ ? .improving : z > Self.criticalZ ? .declining : .stable
    }

    /// Later minus earlier, in cents (negative = better).
    public var cents: Double { later - earlier }
    /// The change relative to the earlier value, in percent.
    public var percent: Double { earlier > 0 ? (later / earlier - 1) * 100 : 0 }
    /// The change as a musician reads it, only when there is one.
    public var isChange: Bool { trend != .stable }
}
