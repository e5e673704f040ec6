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
