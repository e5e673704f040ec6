import Foundation

/// What Peach keeps of one Hear & Compare mode's answers: age-weighted bins for the threshold,
/// the most recent answers in order for the trend, and how often each note was the reference.
public struct DiscriminationAnswers: Sendable {
    /// An answer this many answers old counts half (see `DecayingAnswerBins`): about ten days of
    /// daily practice, so the threshold follows learning yet rests on some 2,900 answers' worth.
    public static let halfLife = 1000.0

    struct Recent: Sendable {
        let note: MIDINote
        let interval: DirectedInterval
        let offset: Double
        let isCorrect: Bool
    }

    private var decaying = DecayingAnswerBins(halfLife: Self.halfLife)
    private var recent = RecentWindow<Recent>(capacity: 2 * ProgressChange.largestPart)
    public private(set) var noteCounts = [Int](repeating: 0, count: 128)
    public private(set) var count = 0

    public init() {}

    public mutating func add(_ record: ComparisonRecord) {
        let offset = record.centOffset.magnitude.rawValue
        decaying.add(note: record.referenceNote, interval: record.interval, offset: offset, isCorrect: record.isCorrect)
        recent.append(Recent(note: record.referenceNote, interval: record.interval, offset: offset,
                             isCorrect: record.isCorrect))
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

    /// The later half of the recent answers against the earlier half; nil below 20 answers.
    public func change(range: NoteRange) -> ProgressChange? {
        let answers = recent.elements
        guard answers.count >= ProgressChange.minimumAnswers else { return nil }
        let part = answers.count / 2
        var bins = AnswerBins()
        for (position, answer) in answers.suffix(2 * part).enumerated() {
            bins.add(note: answer.note, interval: answer.interval, offset: answer.offset,
                     isCorrect: answer.isCorrect, isLater: position >= part)
        }
        guard let (earlier, factor, z) = ThresholdEstimator.change(bins, range: range) else { return nil }
        return ProgressChange(earlier: earlier, later: earlier * factor, z: z)
    }
}

/// Saved exactly (see `AnswerBins`): the decaying bins, the recent answers oldest first, the counts.
extension DiscriminationAnswers: Codable {
    private enum CodingKeys: String, CodingKey { case decaying, recentCapacity, recent, noteCounts, count }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(decaying, forKey: .decaying)
        var packed = PackedNumbers()
        for answer in recent.elements {
            packed.append(answer.note.rawValue); packed.append(answer.interval.signedSemitones)
            packed.append(answer.offset); packed.append(answer.isCorrect ? 1 : 0)
        }
        try container.encode(recent.capacity, forKey: .recentCapacity)
        try container.encode(packed.data, forKey: .recent)
        try container.encode(noteCounts, forKey: .noteCounts)
        try container.encode(count, forKey: .count)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        decaying = try container.decode(DecayingAnswerBins.self, forKey: .decaying)
        noteCounts = try container.decode([Int].self, forKey: .noteCounts)
        count = try container.decode(Int.self, forKey: .count)
        guard decaying.halfLife == Self.halfLife, noteCounts.count == 128,
              try container.decode(Int.self, forKey: .recentCapacity) == recent.capacity else {
            throw DecodingError.dataCorruptedError(forKey: .decaying, in: container, debugDescription: "other parameters")
        }
        var reader = PackedNumbersReader(try container.decode(Data.self, forKey: .recent))
        while !reader.isAtEnd {
            let note = try reader.int(), semitones = try reader.int(), offset = try reader.double()
            let isCorrect = try reader.int() != 0
            guard let note = MIDINote(validating: note), let interval = Interval(rawValue: abs(semitones)) else {
                throw DecodingError.dataCorruptedError(forKey: .recent, in: container, debugDescription: "not an answer")
            }
            recent.append(Recent(note: note, interval: DirectedInterval(interval, semitones < 0 ? .down : .up),
                                 offset: offset, isCorrect: isCorrect))
        }
    }
}

/// The last `capacity` elements appended, oldest first.
struct RecentWindow<Element: Sendable>: Sendable {
    let capacity: Int
    private var storage: [Element] = []
    private var start = 0

    init(capacity: Int) { self.capacity = capacity }

    mutating func append(_ element: Element) {
        if storage.count < capacity {
            storage.append(element)
        } else {
            storage[start] = element
            start = (start + 1) % capacity
        }
    }

    var elements: [Element] { Array(storage[start...] + storage[..<start]) }
}
