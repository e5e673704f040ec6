/// The hearing check: a short Hear & Compare run that measures the overall threshold as fast as it
/// can. Each offset is placed by the Psi method (`PsiPosterior`: the threshold as a line over the
/// range, each note's offset placed at its own threshold); the reference notes cycle through up to
/// 40 notes spread evenly over the note range, shuffled anew for every round, because the check
/// measures the mean threshold over the whole range. It ends when the threshold's 95 % interval is
/// narrower than a factor of 1.5 or after 80 answers (`isFinished`).
///
/// Its answers are ordinary Hear & Compare answers: they go into the history and the profile like
/// any other, whatever chose their offsets, and the next training run starts from what they show.
/// What the check says (`result`) is the profile's fit of its answers, so `peach profile` says the
/// same right after a check (on a history of the check alone; with earlier answers the profile
/// weighs those too); the posterior chooses the offsets and says when to stop.
@MainActor
public final class HearingCheck: NextCompareStrategy {
    /// The check ends after this many answers at most.
    public nonisolated static let mostAnswers = 80
    /// ... or once the posterior's 95 % interval, high / low, is narrower than this.
    public nonisolated static let narrowEnough = 1.5
    /// The most notes a round of the check visits.
    static let notesPerRound = 40

    public private(set) var posterior = PsiPosterior()
    /// The check's answers, as the profile keeps them.
    public private(set) var answers = CompareAnswers()
    private var range = NoteRange.standard
    private var notes: [Int] = []
    private var round: [Int] = []

    public init() {}

    public func startRun(mode: TrainingMode, settings: TrainingSettings, estimate: ThresholdEstimate?) {
        posterior = PsiPosterior(notes: settings.noteRange.lowest.rawValue...settings.noteRange.highest.rawValue)
        answers = CompareAnswers()
        range = settings.noteRange
        notes = []
        round = []
    }

    public func nextExercise(settings: TrainingSettings, interval: DirectedInterval,
                             random: inout any RandomNumberGenerator) -> CompareExercise {
        let candidates = settings.noteRange.referenceNotes(for: interval)
        let spread = Self.spread(candidates.lowerBound.rawValue...candidates.upperBound.rawValue)
        if spread != notes {
            notes = spread
            round = []
        }
        if round.isEmpty { round = notes.shuffled(using: &random) }
        let reference = round.removeLast()
        let magnitude = posterior.nextOffset(note: reference)
        let offset = Bool.random(using: &random) ? magnitude : -magnitude
        // invariant: `referenceNotes(for:)` holds valid notes and keeps the target inside the MIDI range.
        return CompareExercise(referenceNote: MIDINote(reference), interval: interval, tuningSystem: settings.tuningSystem,
                               centOffset: Cents(offset))!
    }

    public func answered(_ completed: CompareAnswer) {
        posterior.add(offset: completed.centOffset.magnitude.rawValue, note: Int(completed.referenceNote.rawValue),
                      isCorrect: completed.isCorrect)
        answers.add(completed)
    }

    /// Whether the check has its answer: the posterior's 95 % interval narrower than `narrowEnough`,
    /// or `mostAnswers` given.
    public var isFinished: Bool {
        guard posterior.answers < Self.mostAnswers else { return true }
        let threshold = posterior.threshold
        return threshold.high / threshold.low < Self.narrowEnough
    }

    /// What the check found so far.
    public var result: HearingCheckResult {
        HearingCheckResult(answers: posterior.answers, posterior: posterior.threshold,
                           fitted: answers.estimate(range: range))
    }

    /// Up to `notesPerRound` notes spread evenly over `notes`, both ends included.
    static func spread(_ notes: ClosedRange<Int>) -> [Int] {
        let count = notes.count
        guard count > notesPerRound else { return Array(notes) }
        return (0..<notesPerRound).map { notes.lowerBound + ($0 * (count - 1) + (notesPerRound - 1) / 2) / (notesPerRound - 1) }
    }
}

/// What a hearing check found: its answers, the Psi posterior's overall threshold and the profile's
/// fit of the same answers.
public struct HearingCheckResult: Hashable, Sendable {
    public let answers: Int
    /// The posterior's median and 95 % interval (one threshold for all notes), slope and lapse rate
    /// summed over.
    public let posterior: IntervalEstimate
    /// The profile's fit of the check's answers; nil with too few to fit.
    public let fitted: ThresholdEstimate?

    /// What the check says: what the profile says of the same answers, when it can say a number, so
    /// that `peach profile` and the dashboard show right after a check the number the check said;
    /// else the posterior's threshold and interval, when they lie within the offsets a check asks
    /// (0.1–100 ct) and the interval is narrow enough to mean something
    /// (`ThresholdEstimate.widestUsefulRatio`); otherwise what the fit can say (above or below the
    /// offsets asked, as the answers there show, or not enough answers).
    public var threshold: MeasuredValue {
        if let said = fitted?.overallValue, said.estimate != nil { return said }
        let offsets = StaircaseRule.offsetRange
        if posterior.isUseful, offsets.contains(posterior.low), offsets.contains(posterior.high) { return .measured(posterior) }
        return fitted?.overallValue ?? .notEnoughAnswers
    }
}
