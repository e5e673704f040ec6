/// Whether a mode has got better or worse, and by how much: the earlier value against the later, with
/// a z-score. Called improving or declining only when the change is far beyond chance, otherwise
/// stable.
///
/// Hear & Compare's trend comes from the fitted thresholds (`ThresholdEstimate.change`): the threshold
/// now against what it was `lookBack` answers ago. Tune & Match's compares the later half of the
/// recent errors with the earlier half (`MatchAnswers.change`).
public struct ProgressChange: Hashable, Sendable {
    /// Tune & Match: |z| > 3.29, two-sided 0.1 %, so that a player who does not change is told
    /// "stable" at least 99 % of the time even though the errors are only roughly normal.
    public static let criticalZ = 3.29
    /// Hear & Compare: the fitted change over its posterior standard deviation beyond 2.58, the fit
    /// 99.5 % sure of its direction. This z is not a test statistic: the priors, which favour slow
    /// change, shrink a change that is not there: for simulated listeners who never change it spread
    /// with a standard deviation of only 0.4–0.75 at 1,000–3,000 answers, and in 1,600 checks (eight
    /// listeners, 40 users each, at 200–3,000 answers) none went beyond 2.58, two beyond 1.96. (With
    /// 3.29, a player who halved their threshold over 2,000 answers was told "improving" at 3,000 by
    /// only 35 of 40.)
    static let fittedCriticalZ = 2.58
    /// Fewer answers than this in a Tune & Match mode give no trend.
    public static let minimumAnswers = 20
    /// Each half Tune & Match compares holds at most this many of the most recent errors.
    public static let largestPart = 1500

    /// How many answers ago Hear & Compare's trend looks back to: the middle of the earlier half of
    /// the answers, at most `longestLookBack` (e.g. 225 after 300 answers, 2,250 from 3,000 on).
    public static func lookBack(answers: Int) -> Int { min(3 * answers / 4, longestLookBack) }
    /// The middle of the earlier half of 3,000 answers: about a month of daily practice.
    public static let longestLookBack = 2250

    public let trend: ProgressTimeline.Trend
    /// The earlier and later value (threshold or mean error) in cents.
    public let earlier: Double
    public let later: Double
    /// Hear & Compare: the earlier value is the threshold this many answers ago (`lookBack`); nil for
    /// Tune & Match, whose earlier value is the earlier half's.
    public let answersAgo: Int?

    /// Tune & Match's halves, judged against `criticalZ`.
    public init(earlier: Double, later: Double, z: Double) {
        self.init(earlier: earlier, later: later, z: z, critical: Self.criticalZ, answersAgo: nil)
    }

    /// Hear & Compare's fitted trend, from `answersAgo` answers ago, judged against `fittedCriticalZ`.
    public init(earlier: Double, later: Double, fittedZ: Double, answersAgo: Int) {
        self.init(earlier: earlier, later: later, z: fittedZ, critical: Self.fittedCriticalZ, answersAgo: answersAgo)
    }

    private init(earlier: Double, later: Double, z: Double, critical: Double, answersAgo: Int?) {
        self.earlier = earlier
        self.later = later
        self.answersAgo = answersAgo
        trend = z < -critical ? .improving : z > critical ? .declining : .stable
    }

    /// Later minus earlier, in cents (negative = better).
    public var cents: Double { later - earlier }
    /// The change relative to the earlier value, in percent.
    public var percent: Double { earlier > 0 ? (later / earlier - 1) * 100 : 0 }
    /// The change as a musician reads it, only when there is one.
    public var isChange: Bool { trend != .stable }
}
