import Foundation

/// What Peach keeps of one Hear & Compare mode's answers: age-weighted, dated bins for the threshold
/// and its trend, and how often each note was the reference.
public struct CompareAnswers: Sendable {
    /// An answer this many answers old counts half (see `DecayingAnswerBins`): about ten days of
    /// daily practice, so the threshold follows learning yet rests on some 2,900 answers' worth.
    public static let halfLife = 1000.0

    private var decaying = DecayingAnswerBins(halfLife: Self.halfLife)
    public private(set) var noteCounts = [Int](repeating: 0, count: 128)
    public private(set) var count = 0

    public init() {}

    public mutating func add(_ record: CompareAnswer) {
        decaying.add(note: record.referenceNote, interval: record.interval, offset: record.centOffset.magnitude.rawValue,
                     isCorrect: record.isCorrect)
        noteCounts[record.referenceNote.rawValue] += 1
        count += 1
    }

    public func estimate(range: NoteRange) -> ThresholdEstimate? {
        ThresholdEstimator.estimate(decaying.current, range: range)
    }

    /// The estimate, continuing from a previous fit's `memory` (see `ThresholdEstimator.Memory`).
    public func estimate(range: NoteRange, memory: ThresholdEstimator.Memory?)
        -> (estimate: ThresholdEstimate, memory: ThresholdEstimator.Memory)? {
        ThresholdEstimator.estimate(decaying.current, range: range, memory: memory)
    }
}

/// Saved exactly (see `AnswerBins`): the decaying bins and the counts.
extension CompareAnswers: Codable {
    private enum CodingKeys: String, CodingKey { case decaying, noteCounts, count }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(decaying, forKey: .decaying)
        try container.encode(noteCounts, forKey: .noteCounts)
        try container.encode(count, forKey: .count)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        decaying = try container.decode(DecayingAnswerBins.self, forKey: .decaying)
        noteCounts = try container.decode([Int].self, forKey: .noteCounts)
        count = try container.decode(Int.self, forKey: .count)
        guard decaying.halfLife == Self.halfLife, noteCounts.count == 128 else {
            throw DecodingError.dataCorruptedError(forKey: .decaying, in: container, debugDescription: "other parameters")
        }
    }
}
