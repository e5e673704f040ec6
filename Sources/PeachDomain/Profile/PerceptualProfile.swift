/// The player's hearing, per note: for each MIDI note (as the reference of a comparison) the
/// running mean and spread of the offsets they were asked to judge, plus their matching accuracy.
///
/// Rebuilt from the store at start-up and updated by every answer as an observer of both sessions.
@MainActor
public final class PerceptualProfile: PitchDiscriminationProfile, ComparisonObserver, PitchMatchingObserver {
    public private(set) var discrimination = PitchDiscriminationStatistics()
    /// Welford over |userCentError| of every pitch-matching attempt.
    public private(set) var matching = WelfordAccumulator()

    public init() {}

    public init(comparisons: some Sequence<ComparisonRecord>, pitchMatchings: some Sequence<PitchMatchingRecord>) {
        discrimination = PitchDiscriminationStatistics(comparisons)
        matching = WelfordAccumulator(matchingErrorsOf: pitchMatchings)
    }

    public var overallMean: Cents? { discrimination.overallMean.map { Cents($0) } }

    public func comparisonCompleted(_ completed: CompletedComparison) {
        discrimination.add(ComparisonRecord(completed))
    }

    public func pitchMatchingCompleted(_ completed: CompletedPitchMatching) {
        matching.add(completed.userCentError.magnitude.rawValue)
    }

    public func reset() {
        discrimination = PitchDiscriminationStatistics()
        matching = WelfordAccumulator()
    }
}

extension WelfordAccumulator {
    /// Matching accuracy: the accumulator over |userCentError| of `records`.
    public init(matchingErrorsOf records: some Sequence<PitchMatchingRecord>) {
        self.init(records.lazy.map { $0.userCentError.magnitude.rawValue })
    }
}

/// 128 accumulators, one per reference note, of the |cent offset| of every comparison answer.
public struct PitchDiscriminationStatistics: Hashable, Sendable {
    public private(set) var notes = [WelfordAccumulator](repeating: WelfordAccumulator(), count: 128)

    public init() {}

    public init(_ records: some Sequence<ComparisonRecord>) {
        for record in records { add(record) }
    }

    public mutating func add(_ record: ComparisonRecord) {
        notes[record.referenceNote.rawValue].add(record.centOffset.magnitude.rawValue)
    }

    public subscript(note: MIDINote) -> WelfordAccumulator { notes[note.rawValue] }

    public var trainedNotes: [MIDINote] {
        notes.indices.filter { notes[$0].count > 0 }.map(MIDINote.init)
    }

    /// The mean of the trained notes' means (each note counts once, however often it was trained).
    public var overallMean: Double? { meansOfTrainedNotes.mean }

    /// The spread of the trained notes' means; nil below two trained notes.
    public var overallStandardDeviation: Double? { meansOfTrainedNotes.standardDeviation }

    public var answerCount: Int { notes.reduce(0) { $0 + $1.count } }

    private var meansOfTrainedNotes: WelfordAccumulator {
        WelfordAccumulator(notes.compactMap(\.mean))
    }
}
