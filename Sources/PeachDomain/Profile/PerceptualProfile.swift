/// The player's hearing, per training mode (single notes and intervals are never mixed): the
/// answers that Hear & Compare's thresholds are fitted to, and Tune & Match's accuracy.
///
/// Rebuilt from the store at start-up (records in the order they were given) and updated by every
/// answer as an observer of both sessions. The last fit of each mode and note range is kept, and is
/// current until the next answer. The fit after an answer can take a tenth of a second with a long history (more on
/// a Pi), so what follows every answer (the status line, the log) asks for it without waiting: it
/// runs beside the main actor, where the feedback cue and the next note are timed
/// (`latestThresholdEstimate`, `currentThresholdEstimate`).
@MainActor
public final class PerceptualProfile: CompareProfile, CompareObserver, MatchObserver {
    /// A mode's fit over a note range, kept per range: the log's range (taken when the answer came)
    /// and the status line's may differ for a moment after a reload, and must not displace each other.
    private struct FitKey: Hashable {
        let mode: TrainingMode
        let range: NoteRange
    }

    /// A fit with the mode's first `answers` answers.
    private struct Fitted {
        let answers: Int
        let estimate: ThresholdEstimate?
    }

    private var discrimination: [TrainingMode: CompareAnswers] = [:]
    private var matching: [TrainingMode: MatchAnswers] = [:]
    private var fitted: [FitKey: Fitted] = [:]
    /// Where the next fit of the same mode and range starts (`ThresholdEstimator.Memory`).
    private var memories: [FitKey: ThresholdEstimator.Memory] = [:]
    /// The fit running beside the main actor, at most one per mode.
    private var fitting: [TrainingMode: Task<Void, Never>] = [:]
    /// Counts resets, so that a fit begun before one is not kept.
    private var generation = 0
    /// Called on the main actor when a fit begun beside it is in (and kept, or found older than the
    /// one kept).
    public var onRefitted: ((TrainingMode) -> Void)?

    public init() {}

    public init(compareAnswers: some Sequence<CompareAnswer>, matchAnswers: some Sequence<MatchAnswer>) {
        for record in compareAnswers { discrimination[record.mode, default: CompareAnswers()].add(record) }
        for record in matchAnswers { matching[record.mode, default: MatchAnswers()].add(record) }
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
    public func answers(for mode: TrainingMode) -> CompareAnswers { discrimination[mode] ?? CompareAnswers() }

    /// The Tune & Match attempts of `mode` (empty for the compare modes).
    public func attempts(for mode: TrainingMode) -> MatchAnswers { matching[mode] ?? MatchAnswers() }

    /// The fit of every answer so far; fitted here and now unless kept from before.
    public func thresholdEstimate(for mode: TrainingMode, range: NoteRange) -> ThresholdEstimate? {
        let answers = answers(for: mode)
        if let kept = fitted[FitKey(mode: mode, range: range)], kept.answers == answers.count { return kept.estimate }
        let result = answers.estimate(range: range, memory: memories[FitKey(mode: mode, range: range)])
        keep(result, of: mode, range: range, answers: answers.count)
        return result?.estimate
    }

    /// The last fit, at once (`.fitting` before the first over `range`). When answers came since, their
    /// fit starts beside the main actor and `onRefitted` says when it is in.
    public func latestThresholdEstimate(for mode: TrainingMode, range: NoteRange) -> LatestThreshold {
        // Too few answers to fit: said at once.
        // (The fit weighs older answers less: at the minimum count their weight is below it.)
        guard Double(answers(for: mode).count) > ThresholdEstimator.minimumAnswers else { return .fitted(nil) }
        let kept = fitted[FitKey(mode: mode, range: range)]
        if kept?.answers != answers(for: mode).count { fitBeside(mode, range: range) }
        return kept.map { .fitted($0.estimate) } ?? .fitting
    }

    /// The fit of every answer given until now, fitted beside the main actor (a later answer given
    /// meanwhile may be in it too).
    public func currentThresholdEstimate(for mode: TrainingMode, range: NoteRange) async -> ThresholdEstimate? {
        let wanted = answers(for: mode).count
        while true {
            // After a reset the answers wanted are fewer.
            let enough = min(wanted, answers(for: mode).count)
            if let kept = fitted[FitKey(mode: mode, range: range)], kept.answers >= enough { return kept.estimate }
            fitBeside(mode, range: range)
            await fitting[mode]?.value
        }
    }

    private func fitBeside(_ mode: TrainingMode, range: NoteRange) {
        guard fitting[mode] == nil else { return }
        let answers = answers(for: mode), memory = memories[FitKey(mode: mode, range: range)], generation = generation
        fitting[mode] = Task { [weak self] in
            let result = await Task.detached(priority: .utility) { answers.estimate(range: range, memory: memory) }.value
            guard let self else { return }
            fitting[mode] = nil
            guard self.generation == generation else { return }
            keep(result, of: mode, range: range, answers: answers.count)
            onRefitted?(mode)
        }
    }

    /// Keeps a fit unless one of more answers over the same range is kept already.
    private func keep(_ result: (estimate: ThresholdEstimate, memory: ThresholdEstimator.Memory)?, of mode: TrainingMode,
                      range: NoteRange, answers: Int) {
        let key = FitKey(mode: mode, range: range)
        if let kept = fitted[key], kept.answers > answers { return }
        fitted[key] = Fitted(answers: answers, estimate: result?.estimate)
        memories[key] = result?.memory
    }

    public func matchAccuracy(for mode: TrainingMode) -> MatchAccuracy? { attempts(for: mode).accuracy }

    public func compareAnswered(_ completed: CompareAnswer) {
        let record = completed
        discrimination[record.mode, default: CompareAnswers()].add(record)
    }

    public func matchAnswered(_ completed: MatchAnswer) {
        let record = completed
        matching[record.mode, default: MatchAnswers()].add(record)
    }

    public func reset() {
        discrimination = [:]
        matching = [:]
        fitted = [:]
        memories = [:]
        generation += 1
    }
}
