/// The adaptive staircase of Hear & Compare. With the 75 % rule, one track per region of the note
/// range (an octave each), interleaved as the reference note is drawn, so every region is measured
/// at its own threshold. Once something is fitted, each exercise's offset is the fitted threshold of
/// its own reference note times its region's track factor, which starts a run at 1 and takes the
/// rule's steps: trials land near every note's 75 % point even where the threshold changes within an
/// octave. With nothing fitted all tracks start at 100 cents and move together, each until its own
/// region's first wrong answer (which sets the others one step back too), so a new player is not
/// walked down from 100 cents once per octave, nor, after one slip, the other octaves at a quarter of
/// the pace. (When the first wrong answer anywhere parted them all, a fine player's 2 % of slips
/// usually did so on the way down, and a 0.3 ct player was measured within ±15 % after 300 answers
/// for 78 % of 240 simulated players, the interval containing the truth for 80 %; now 91 % and 92 %.)
/// The classic Kazez rule runs a single track that starts from the overall threshold, as the seeds
/// describe.
///
/// `training.focus` draws reference notes where the player is weakest: with focus f the chance of
/// a note is (1 − f)·uniform + f·(its threshold's upper 95 % bound, normalised).
@MainActor
public final class StaircaseStrategy: NextComparisonStrategy {
    private var rule = StaircaseRule.seventyFivePercent
    private var regions: [ClosedRange<Int>] = []
    /// Per region: an offset in cents, or (with `fitted`) a factor on the fitted threshold.
    private var levels: [Double] = []
    /// The fitted threshold per note of the range, where offsets are placed relative to it.
    private var fitted: [Int: Double]?
    /// Per region: whether its track still moves with the others' (no wrong answer in it yet).
    private var together: [Bool] = []
    /// Chance weights per note of the range (focus); nil draws uniformly.
    private var noteWeights: [Int: Double]?

    public init() {}

    public func startRun(mode: TrainingMode, settings: TrainingSettings, estimate: ThresholdEstimate?) {
        rule = settings.staircase
        let low = settings.noteRange.lowest.rawValue
        let high = settings.noteRange.highest.rawValue
        let count = rule == .kazez ? 1 : max(1, (high - low + 6) / 12)
        regions = (0..<count).map { index in
            (low + (high - low + 1) * index / count)...(low + (high - low + 1) * (index + 1) / count - 1)
        }
        if rule == .seventyFivePercent, let estimate {
            fitted = estimate.curve.reduce(into: [:]) { $0[$1.key.rawValue] = StaircaseRule.clamped($1.value.value).rawValue }
            levels = regions.map { _ in 1 }
        } else {
            fitted = nil
            // The fitted mean when it says something: measured, said as above or below (however wide its
            // interval), or beyond the offsets asked with an interval narrow enough (a fitted 0.3 ct is
            // where to start while the staircase has asked no lower than 0.46, even before the answers
            // alone can say "below").
            let start: Double = switch estimate?.overallValue {
            case .measured(let value)?: value.value
            case .above?, .below?: estimate?.overallCurve.value ?? StaircaseRule.initialOffset
            case .notEnoughAnswers?, nil:
                estimate.flatMap { $0.overallCurve.isUseful ? $0.overallCurve.value : nil } ?? StaircaseRule.initialOffset
            }
            levels = regions.map { _ in StaircaseRule.clamped(start).rawValue }
        }
        together = regions.map { _ in estimate == nil && rule == .seventyFivePercent }
        noteWeights = Self.focusWeights(focus: settings.focus, estimate: estimate, range: settings.noteRange)
    }

    public func nextComparison(settings: TrainingSettings, interval: DirectedInterval,
                               random: inout any RandomNumberGenerator) -> Comparison {
        if regions.isEmpty { startRun(mode: .compare, settings: settings, estimate: nil) }
        let candidates = settings.noteRange.referenceNotes(for: interval)
        let reference = draw(from: candidates.lowerBound.rawValue...candidates.upperBound.rawValue, random: &random)
        let magnitude = offset(for: reference)
        let offset = Bool.random(using: &random) ? magnitude : -magnitude
        // invariant: `referenceNotes(for:)` holds valid notes and keeps the target inside the MIDI range.
        return Comparison(referenceNote: MIDINote(reference), interval: interval, tuningSystem: settings.tuningSystem,
                          centOffset: Cents(offset))!
    }

    public func answered(_ completed: CompletedComparison) {
        guard !regions.isEmpty else { return }
        let asked = completed.comparison.centOffset.magnitude.rawValue
        let next = rule.nextMagnitude(after: completed.comparison.centOffset, wasCorrect: completed.isCorrect).rawValue
        let region = region(of: completed.comparison.referenceNote.rawValue)
        if together[region] {
            for other in levels.indices where together[other] { levels[other] = next }
            together[region] = completed.isCorrect
        } else if fitted != nil {
            levels[region] *= next / asked
        } else {
            levels[region] = next
        }
    }

    /// The offset magnitude the next exercise on `note` would get.
    public func offset(for note: Int) -> Double {
        let level = levels[region(of: note)]
        guard let base = fitted?[note] else { return level }
        return StaircaseRule.clamped(base * level).rawValue
    }

    private func region(of note: Int) -> Int {
        regions.firstIndex { $0.contains(note) } ?? (note < (regions.first?.lowerBound ?? 0) ? 0 : regions.count - 1)
    }

    private func draw(from notes: ClosedRange<Int>, random: inout any RandomNumberGenerator) -> Int {
        guard let weights = noteWeights else { return Int.random(in: notes, using: &random) }
        let total = notes.reduce(0.0) { $0 + (weights[$1] ?? 0) }
        guard total > 0 else { return Int.random(in: notes, using: &random) }
        var pick = Double.random(in: 0..<total, using: &random)
        for note in notes {
            pick -= weights[note] ?? 0
            if pick < 0 { return note }
        }
        return notes.upperBound
    }

    static func focusWeights(focus: Double, estimate: ThresholdEstimate?, range: NoteRange) -> [Int: Double]? {
        guard focus > 0, let estimate else { return nil }
        let notes = range.notes
        let weakness = notes.map { estimate.curve[$0]?.high ?? 0 }
        let total = weakness.reduce(0, +)
        guard total > 0, total.isFinite else { return nil }
        let share = min(focus, 1)
        var weights: [Int: Double] = [:]
        for (note, value) in zip(notes, weakness) {
            weights[note.rawValue] = (1 - share) / Double(notes.count) + share * value / total
        }
        return weights
    }
}
