/// The player's hearing, per training mode (single notes and intervals are never mixed): the
/// answers that Hear & Compare's thresholds are fitted to, and Tune & Match's accuracy.
///
/// Rebuilt from the store at start-up (records in the order they were given) and updated by every
/// answer as an observer of both sessions. The fit is cached until the next answer.
@MainActor
public final class PerceptualProfile: PitchDiscriminationProfile, ComparisonObserver, PitchMatchingObserver {
    private var discrimination: [TrainingMode: DiscriminationAnswers] = [:]
    private var matching: [TrainingMode: MatchingAnswers] = [:]
    private var fitted: [TrainingMode: (range: NoteRange, estimate: ThresholdEstimate?)] = [:]
    private var memories: [TrainingMode: ThresholdEstimator.Memory] = [:]

    public init() {}

    public init(comparisons: some Sequence<ComparisonRecord>, pitchMatchings: some Sequence<PitchMatchingRecord>) {
        for record in comparisons { discrimination[record.mode, default: DiscriminationAnswers()].add(record) }
        for record in pitchMatchings { matching[record.mode, default: MatchingAnswers()].add(record) }
    }

    /// The profile of a history read one answer at a time (see `HistoryDigest`).
    public init(_ digest: HistoryDigest) {
        discrimination = digest.discrimination
        matching = digest.matching
    }

    /// The profile of answers gathered before (at start, from a saved state and the answers since).
    public init(_ answers: ProfileAnswers) {
        discrimination = answers.discrimination
        matching = answers.matching
    }

    /// The Hear & Compare answers of `mode` (empty for the match modes).
    public func answers(for mode: TrainingMode) -> DiscriminationAnswers { discrimination[mode] ?? DiscriminationAnswers() }

    /// The Tune & Match attempts of `mode` (empty for the compare modes).
    public func attempts(for mode: TrainingMode) -> MatchingAnswers { matching[mode] ?? MatchingAnswers() }

    public func thresholdEstimate(for mode: TrainingMode, range: NoteRange) -> ThresholdEstimate? {
        if let cached = fitted[mode], cached.range == range { return cached.estimate }
        let result = answers(for: mode).estimate(range: range, memory: memories[mode])
        fitted[mode] = (range, result?.estimate)
        memories[mode] = result?.memory
        return result?.estimate
    }

    public func matchingAccuracy(for mode: TrainingMode) -> MatchingAccuracy? { attempts(for: mode).accuracy }

    public func comparisonCompleted(_ completed: CompletedComparison) {
        let record = ComparisonRecord(completed)
        discrimination[record.mode, default: DiscriminationAnswers()].add(record)
        fitted[record.mode] = nil
    }

    public func pitchMatchingCompleted(_ completed: CompletedPitchMatching) {
        let record = PitchMatchingRecord(completed)
        matching[record.mode, default: MatchingAnswers()].add(record)
    }

    public func reset() {
        discrimination = [:]
        matching = [:]
        fitted = [:]
        memories = [:]
    }
}
