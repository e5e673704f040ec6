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

    /// The share of right answers, weighted as the fit weighs them; nil without answers.
    public var correctShare: Double? {
        let counts = decaying.current.entries.map(\.counts)
        let right = counts.reduce(0) { $0 + $1.correct }, all = counts.reduce(0) { $0 + $1.correct + $1.wrong }
        return all > 0 ? right / all : nil
    }

    /// Whether these answers cannot give a threshold because they do not depend on the offset:
    /// many of them, right about half the time (as by guessing, or answers made elsewhere), where
    /// the staircase keeps a listener near 75 %.
    public var areLikeGuessing: Bool {
        guard count >= 200, let share = correctShare else { return false }
        return (0.4...0.6).contains(share)
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
