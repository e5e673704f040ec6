import Foundation

/// How accurately a player tunes in one Tune & Match mode, from recent attempts.
public struct MatchAccuracy: Hashable, Sendable {
    /// Mean |error|: how far off an attempt ends, whichever way.
    public let meanError: IntervalEstimate
    /// Signed mean error: + the player tunes sharp, − flat.
    public let bias: IntervalEstimate
    /// Standard deviation of the signed error: how consistent the attempts are.
    public let spread: IntervalEstimate
    public let attemptWeight: Double
}

/// What Peach keeps of one Tune & Match mode's attempts: age-weighted sums (same half-life as the
/// thresholds) and the most recent errors in order for the trend.
public struct MatchAnswers: Sendable {
    /// Fewer attempts than this give no accuracy.
    public static let minimumAttempts = 5

    private var sums = [Double](repeating: 0, count: 5)  // w, w², w·e, w·e², w·|e|
    private var unit = 1.0
    private let growth = exp2(1 / CompareAnswers.halfLife)
    private var recent = RecentWindow<Double>(capacity: 2 * ProgressChange.largestPart)
    public private(set) var count = 0

    public init() {}

    public mutating func add(_ record: MatchAnswer) {
        let error = record.userCentError.rawValue
        guard error.isFinite else { return }
        for (index, term) in [unit, unit * unit, unit * error, unit * error * error, unit * abs(error)].enumerated() {
            sums[index] += term
        }
        unit *= growth
        if unit > 1e100 {
            sums[0] /= unit; sums[2] /= unit; sums[3] /= unit; sums[4] /= unit; sums[1] /= unit * unit
            unit = 1
        }
        recent.append(error)
        count += 1
    }

    public var accuracy: MatchAccuracy? {
        guard count >= Self.minimumAttempts else { return nil }
        let weight = sums[0]
        let effective = max(weight * weight / sums[1], 2)
        let bias = sums[2] / weight
        let meanSquare = sums[3] / weight
        let meanError = sums[4] / weight
        let variance = max(meanSquare - bias * bias, 0) * effective / (effective - 1)
        let errorVariance = max(meanSquare - meanError * meanError, 0) * effective / (effective - 1)
        let spread = variance.squareRoot()
        return MatchAccuracy(
            meanError: IntervalEstimate(value: meanError, standardDeviation: (errorVariance / effective).squareRoot()),
            bias: IntervalEstimate(value: bias, standardDeviation: (variance / effective).squareRoot()),
            spread: spread > 0 ? IntervalEstimate(logValue: log(spread), logStandardDeviation: (1 / (2 * (effective - 1))).squareRoot())
                               : IntervalEstimate(value: 0, low: 0, high: 0),
            attemptWeight: weight)
    }

    /// Mean |error| of the later half of the recent attempts against the earlier half (Welch).
    public var change: ProgressChange? {
        let errors = recent.elements.map(abs)
        guard errors.count >= ProgressChange.minimumAnswers else { return nil }
        let part = errors.count / 2
        let earlier = WelfordAccumulator(errors.suffix(2 * part).prefix(part))
        let later = WelfordAccumulator(errors.suffix(part))
        guard let a = earlier.mean, let b = later.mean, let sa = earlier.standardDeviation,
              let sb = later.standardDeviation else { return nil }
        let standardError = (sa * sa / Double(part) + sb * sb / Double(part)).squareRoot()
        let z = standardError > 0 ? (b - a) / standardError : 0
        return ProgressChange(earlier: a, later: b, z: z)
    }
}

/// Saved exactly (see `AnswerBins`): the sums and the next attempt's weight as bit patterns, the
/// recent errors oldest first; the growth follows from the half-life.
extension MatchAnswers: Codable {
    private enum CodingKeys: String, CodingKey { case halfLife, sums, unit, recentCapacity, recent, count }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(CompareAnswers.halfLife.bitPattern, forKey: .halfLife)
        try container.encode(sums.map(\.bitPattern), forKey: .sums)
        try container.encode(unit.bitPattern, forKey: .unit)
        var packed = PackedNumbers()
        for error in recent.elements { packed.append(error) }
        try container.encode(recent.capacity, forKey: .recentCapacity)
        try container.encode(packed.data, forKey: .recent)
        try container.encode(count, forKey: .count)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sums = try container.decode([UInt64].self, forKey: .sums).map(Double.init(bitPattern:))
        unit = Double(bitPattern: try container.decode(UInt64.self, forKey: .unit))
        count = try container.decode(Int.self, forKey: .count)
        guard try container.decode(UInt64.self, forKey: .halfLife) == CompareAnswers.halfLife.bitPattern,
              sums.count == 5, try container.decode(Int.self, forKey: .recentCapacity) == recent.capacity else {
            throw DecodingError.dataCorruptedError(forKey: .sums, in: container, debugDescription: "other parameters")
        }
        var reader = PackedNumbersReader(try container.decode(Data.self, forKey: .recent))
        while !reader.isAtEnd { recent.append(try reader.double()) }
    }
}
