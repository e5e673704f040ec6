import Foundation

/// Hear & Compare answers reduced to what the fit needs, binned by reference note, interval,
/// log-offset step and (for the drift) block of `blockLength` answers, with
/// weighted counts of right and wrong answers. Blocks more than `longAgoAge` thousand answers old
/// are merged into one, so a fit's cost stops growing after some 5,000 answers.
public struct AnswerBins: Sendable {
    /// The width of an offset bin in natural-log units: 2 %, far below any threshold's precision.
    public static let logStep = 0.02

    struct Key: Hashable, Sendable {
        let note: Int16
        let interval: DirectedInterval
        let offsetStep: Int32
        /// The block of `blockLength` answers the answer was given in (0 for undated bins).
        var block: Int32 = 0

        static func inOrder(_ a: Key, _ b: Key) -> Bool {
            (a.note, a.interval, a.offsetStep, a.block) < (b.note, b.interval, b.offsetStep, b.block)
        }
    }

    struct Counts: Sendable {
        var correct = 0.0
        var wrong = 0.0
        /// How long ago the bin's answers were given, in thousands of answers (0 for undated bins):
        /// filled in by `entries`, for the fit's drift.
        var age = 0.0
    }

    /// Answers per block: the drift reads an answer's age to within half of this.
    static let blockLength = 100
    /// The block of answers older than the drift's last age (`ThresholdModel.ageKnots`), which the fit
    /// reads at one past shift: merged into one, so the bins stop growing with the history.
    static let longAgo: Int32 = -1
    static let longAgoAge = ThresholdModel.ageKnots[ThresholdModel.ageKnots.count - 1]

    private(set) var counts: [Key: Counts] = [:]
    /// The keys of each block not yet merged into `longAgo`, so that merging one touches only its own.
    private var blockKeys: [Int32: [Key]] = [:]
    private var storedWeight = 0.0
    /// A factor on every stored count, so that re-weighting all answers costs nothing.
    private var factor = 1.0
    /// How many answers had been added to the dated bins (nil: undated) when they were read.
    private(set) var answersAdded: Int?

    /// The total weight of the answers.
    public var weight: Double { storedWeight * factor }

    public init() {}

    public var isEmpty: Bool { counts.isEmpty }

    /// Adds one answer with `weight`. Offsets are magnitudes in cents; a non-positive or non-finite
    /// one (which no session produces) is ignored rather than poisoning the fit.
    public mutating func add(note: MIDINote, interval: DirectedInterval, offset: Double, isCorrect: Bool,
                             weight: Double = 1, block: Int32 = 0) {
        guard offset > 0, offset.isFinite, weight > 0 else { return }
        let weight = weight / factor
        let offsetStep = Int32((log(offset) / Self.logStep).rounded())
        let key = Key(note: Int16(note.rawValue), interval: interval, offsetStep: offsetStep, block: block)
        if counts[key] == nil, key.block != Self.longAgo { blockKeys[key.block, default: []].append(key) }
        if isCorrect { counts[key, default: Counts()].correct += weight } else { counts[key, default: Counts()].wrong += weight }
        storedWeight += weight
    }

    /// Every count multiplied by `scale`, without touching them.
    func scaled(by scale: Double) -> AnswerBins {
        var copy = self
        copy.factor *= scale
        return copy
    }

    /// Blocks up to `last` moved into `longAgo`.
    mutating func mergeBlocks(through last: Int32) {
        for block in blockKeys.keys.sorted() where block <= last {
            for key in blockKeys.removeValue(forKey: block) ?? [] {
                guard let bin = counts.removeValue(forKey: key) else { continue }
                var merged = key
                merged.block = Self.longAgo
                counts[merged, default: Counts()].correct += bin.correct
                counts[merged, default: Counts()].wrong += bin.wrong
            }
        }
    }

    /// The same bins, read as `added` answers having been given (their blocks then have ages).
    func dated(answersAdded added: Int) -> AnswerBins {
        var copy = self
        copy.answersAdded = added
        return copy
    }

    var isDated: Bool { answersAdded != nil }

    /// The bins in a fixed order, so that a fit gives the same digits every time.
    var entries: [(key: Key, counts: Counts)] {
        counts.map { (key: $0.key, counts: Counts(correct: $0.value.correct * factor, wrong: $0.value.wrong * factor,
                                                   age: age(of: $0.key.block))) }
            .sorted { Key.inOrder($0.key, $1.key) }
    }

    /// The mean age of a block's answers, in thousands of answers: 0 for the newest answer.
    private func age(of block: Int32) -> Double {
        guard let answersAdded else { return 0 }
        if block == Self.longAgo { return Self.longAgoAge }
        let first = Int(block) * Self.blockLength
        let last = min(first + Self.blockLength, answersAdded) - 1
        return (Double(answersAdded - 1) - Double(first + last) / 2) / 1000
    }

    var intervals: [DirectedInterval] { Array(Set(counts.keys.map(\.interval))).sorted() }
    var noteSpan: ClosedRange<Int>? {
        guard let low = counts.keys.map(\.note).min(), let high = counts.keys.map(\.note).max() else { return nil }
        return Int(low)...Int(high)
    }
    /// The offsets the answers were asked at, from the smallest bin's lower edge to the largest's upper edge.
    var offsetSpan: ClosedRange<Double>? {
        guard let low = counts.keys.map(\.offsetStep).min(), let high = counts.keys.map(\.offsetStep).max() else { return nil }
        return exp((Double(low) - 0.5) * Self.logStep)...exp((Double(high) + 0.5) * Self.logStep)
    }
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
            packed.append(Int(key.note)); packed.append(key.interval.signedSemitones); packed.append(Int(key.offsetStep))
            packed.append(Int(key.block)); packed.append(bin.correct); packed.append(bin.wrong)
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
            let note = try reader.int(), semitones = try reader.int(), offsetStep = try reader.int(), block = try reader.int()
            guard (0...127).contains(note), let interval = Interval(rawValue: abs(semitones)),
                  let offsetStep = Int32(exactly: offsetStep), let block = Int32(exactly: block) else {
                throw DecodingError.dataCorruptedError(forKey: .bins, in: container, debugDescription: "not a bin")
            }
            let key = Key(note: Int16(note), interval: DirectedInterval(interval, semitones < 0 ? .down : .up),
                          offsetStep: offsetStep, block: block)
            counts[key] = Counts(correct: try reader.double(), wrong: try reader.double())
            if key.block != Self.longAgo { blockKeys[key.block, default: []].append(key) }
        }
        storedWeight = Double(bitPattern: try container.decode(UInt64.self, forKey: .storedWeight))
        factor = Double(bitPattern: try container.decode(UInt64.self, forKey: .factor))
    }
}
