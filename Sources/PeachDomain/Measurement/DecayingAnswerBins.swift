import Foundation

/// Answers weighted by age: each new answer counts fully, one `halfLife` answers older counts half.
/// Counting age in answers, not days, keeps the estimate's precision the same for a player who
/// trains daily and one who trains weekly, while it still follows learning. Each answer is dated by
/// its block (`AnswerBins.blockLength`), so that the fit can tell the player now from their past.
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

    /// How many answers have been added: dates each answer's block.
    private(set) var added = 0

    public mutating func add(note: MIDINote, interval: DirectedInterval, offset: Double, isCorrect: Bool) {
        bins.add(note: note, interval: interval, offset: offset, isCorrect: isCorrect, weight: unit,
                 block: Int32(clamping: added / AnswerBins.blockLength))
        added += 1
        if added % AnswerBins.blockLength == 0 {
            // A block whose answers are on average `longAgoAge` old stays at the last past shift for good.
            let length = Double(AnswerBins.blockLength)
            let last = (Double(added - 1) - 1000 * AnswerBins.longAgoAge - (length - 1) / 2) / length
            if last >= 0 { bins.mergeBlocks(through: Int32(last.rounded(.down))) }
        }
        unit *= growth
        if unit > 1e100 {
            bins = bins.scaled(by: 1 / unit)
            unit = 1
        }
    }

    /// The bins with the newest answer weighing 1, dated.
    public var current: AnswerBins {
        bins.scaled(by: growth / unit).dated(answersAdded: added)
    }
}

/// Saved with the weight the next answer gets, to the bit; the growth follows from the half-life.
extension DecayingAnswerBins: Codable {
    private enum CodingKeys: String, CodingKey { case halfLife, bins, unit, added }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(halfLife.bitPattern, forKey: .halfLife)
        try container.encode(bins, forKey: .bins)
        try container.encode(unit.bitPattern, forKey: .unit)
        try container.encode(added, forKey: .added)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(halfLife: Double(bitPattern: try container.decode(UInt64.self, forKey: .halfLife)))
        bins = try container.decode(AnswerBins.self, forKey: .bins)
        unit = Double(bitPattern: try container.decode(UInt64.self, forKey: .unit))
        added = try container.decode(Int.self, forKey: .added)
    }
}
