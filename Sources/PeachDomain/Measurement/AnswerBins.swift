import Foundation

/// Hear & Compare answers reduced to what the fit needs, binned by reference note, interval,
/// log-offset step and (for the trend) part, with weighted counts of right and wrong answers.
/// A fit over the bins costs the same for a thousand answers as for a million.
public struct AnswerBins: Sendable {
    /// The width of an offset bin in natural-log units: 2 %, far below any threshold's precision.
    public static let logStep = 0.02

    struct Key: Hashable, Sendable {
        let note: Int16
        let interval: DirectedInterval
        let level: Int32
        let isLater: Bool

        static func inOrder(_ a: Key, _ b: Key) -> Bool {
            (a.note, a.interval, a.level, a.isLater ? 1 : 0) < (b.note, b.interval, b.level, b.isLater ? 1 : 0)
        }
    }

    struct Counts: Sendable {
        var correct = 0.0
        var wrong = 0.0
    }

    private(set) var counts: [Key: Counts] = [:]
    private var storedWeight = 0.0
    /// A factor on every stored count, so that re-weighting all answers costs nothing.
    private var factor = 1.0

    /// The total weight of the answers.
    public var weight: Double { storedWeight * factor }

    public init() {}

    public var isEmpty: Bool { counts.isEmpty }

    /// Adds one answer with `weight`. Offsets are magnitudes in cents; a non-positive or non-finite
    /// one (which no session produces) is ignored rather than poisoning the fit.
    public mutating func add(note: MIDINote, interval: DirectedInterval, offset: Double, isCorrect: Bool,
                             weight: Double = 1, isLater: Bool = false) {
        guard offset > 0, offset.isFinite, weight > 0 else { return }
        let weight = weight / factor
        let level = Int32((log(offset) / Self.logStep).rounded())
        let key = Key(note: Int16(note.rawValue), interval: interval, level: level, isLater: isLater)
        if isCorrect { counts[key, default: Counts()].correct += weight } else { counts[key, default: Counts()].wrong += weight }
        storedWeight += weight
    }

    /// Every count multiplied by `scale`, without touching them.
    func scaled(by scale: Double) -> AnswerBins {
        var copy = self
        copy.factor *= scale
        return copy
    }

    /// The bins in a fixed order, so that a fit gives the same digits every time.
    var entries: [(key: Key, counts: Counts)] {
        counts.map { (key: $0.key, counts: Counts(correct: $0.value.correct * factor, wrong: $0.value.wrong * factor)) }
            .sorted { Key.inOrder($0.key, $1.key) }
    }

    var intervals: [DirectedInterval] { Array(Set(counts.keys.map(\.interval))).sorted() }
    var noteSpan: ClosedRange<Int>? {
        guard let low = counts.keys.map(\.note).min(), let high = counts.keys.map(\.note).max() else { return nil }
        return Int(low)...Int(high)
    }
    /// The offsets the answers were asked at, from the smallest bin's lower edge to the largest's upper edge.
    var offsetSpan: ClosedRange<Double>? {
        guard let low = counts.keys.map(\.level).min(), let high = counts.keys.map(\.level).max() else { return nil }
        return exp((Double(low) - 0.5) * Self.logStep)...exp((Double(high) + 0.5) * Self.logStep)
    }
    var hasLaterPart: Bool { counts.keys.contains(where: \.isLater) }
}

/// Saved as the stored counts, total and factor exactly as they are (bit patterns, bins in key
/// order), so that answers added after a reload give the same sums as if it had never happened.
extension AnswerBins: Codable {
    private enum CodingKeys: String, CodingKey { case logStep, bins, storedWeight, factor }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var packed = PackedNumbers()
        for key in counts.keys.sorted(by: Key.inOrder) {
            let bin = counts[key] ?? Counts()
            packed.append(Int(key.note)); packed.append(key.interval.signedSemitones); packed.append(Int(key.level))
            packed.append(key.isLater ? 1 : 0); packed.append(bin.correct); packed.append(bin.wrong)
        }
        try container.encode(Self.logStep.bitPattern, forKey: .logStep)
        try container.encode(packed.data, forKey: .bins)
        try container.encode(storedWeight.bitPattern, forKey: .storedWeight)
        try container.encode(factor.bitPattern, forKey: .factor)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard try container.decode(UInt64.self, forKey: .logStep) == Self.logStep.bitPattern else {
            throw DecodingError.dataCorruptedError(forKey: .logStep, in: container, debugDescription: "other bin width")
        }
        var reader = PackedNumbersReader(try container.decode(Data.self, forKey: .bins))
        while !reader.isAtEnd {
            let note = try reader.int(), semitones = try reader.int(), level = try reader.int(), later = try reader.int()
            guard (0...127).contains(note), let interval = Interval(rawValue: abs(semitones)),
                  let level = Int32(exactly: level) else {
                throw DecodingError.dataCorruptedError(forKey: .bins, in: container, debugDescription: "not a bin")
            }
            let key = Key(note: Int16(note), interval: DirectedInterval(interval, semitones < 0 ? .down : .up),
                          level: level, isLater: later != 0)
            counts[key] = Counts(correct: try reader.double(), wrong: try reader.double())
        }
        storedWeight = Double(bitPattern: try container.decode(UInt64.self, forKey: .storedWeight))
        factor = Double(bitPattern: try container.decode(UInt64.self, forKey: .factor))
    }
}

/// Answers weighted by age: each new answer counts fully, one `halfLife` answers older counts half.
/// Counting age in answers, not days, keeps the estimate's precision the same for a player who
/// trains daily and one who trains weekly, while it still follows learning.
public struct DecayingAnswerBins: Sendable {
    public let halfLife: Double
    private(set) var bins = AnswerBins()
    /// The weight the next answer gets; grows by 2^(1/halfLife) per answer, rescaled before overflow.
    private var unit = 1.0
    private let growth: Double

    public init(halfLife: Double) {
        self.halfLife = halfLife
        growth = exp2(1 / halfLife)
    }

    public mutating func add(note: MIDINote, interval: DirectedInterval, offset: Double, isCorrect: Bool) {
        bins.add(note: note, interval: interval, offset: offset, isCorrect: isCorrect, weight: unit)
        unit *= growth
        if unit > 1e100 {
            bins = bins.scaled(by: 1 / unit)
            unit = 1
        }
    }

    /// The bins with the newest answer weighing 1.
    public var current: AnswerBins {
        bins.scaled(by: growth / unit)
    }
}

/// Saved with the weight the next answer gets, to the bit; the growth follows from the half-life.
extension DecayingAnswerBins: Codable {
    private enum CodingKeys: String, CodingKey { case halfLife, bins, unit }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(halfLife.bitPattern, forKey: .halfLife)
        try container.encode(bins, forKey: .bins)
        try container.encode(unit.bitPattern, forKey: .unit)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(halfLife: Double(bitPattern: try container.decode(UInt64.self, forKey: .halfLife)))
        bins = try container.decode(AnswerBins.self, forKey: .bins)
        unit = Double(bitPattern: try container.decode(UInt64.self, forKey: .unit))
    }
}
