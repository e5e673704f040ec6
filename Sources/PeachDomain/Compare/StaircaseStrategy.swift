/// The adaptive staircase of Hear & Compare. With the 75 % rule, one track per octave of the note
/// range, interleaved as the reference note is drawn, so every octave is measured at its own
/// threshold. Once something is fitted, each exercise's offset is the fitted threshold of its own
/// reference note times its track's factor, which starts a run at 1 and takes the rule's steps:
/// trials land near every note's 75 % point even where the threshold changes within an octave. With
/// nothing fitted all tracks start at 100 cents and move together, each until its own first wrong
/// answer (which sets the others one step back too), so a new player is not
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
public final class StaircaseStrategy: NextCompareStrategy {
    private var rule = StaircaseRule.seventyFivePercent
    private var tracks: [StaircaseTrack] = []
    /// The fitted threshold per note of the range, where offsets are placed relative to it.
    private var fitted: [Int: Double]?
    /// Chance weights per note of the range (focus); nil draws uniformly.
    private var noteWeights: [Int: Double]?

    public init() {}

    public func startRun(mode: TrainingMode, settings: TrainingSettings, estimate: ThresholdEstimate?) {
        rule = settings.staircase
        let low = settings.noteRange.lowest.rawValue
        let high = settings.noteRange.highest.rawValue
        let count = rule == .kazez ? 1 : max(1, (high - low + 6) / 12)
        let together = estimate == nil && rule == .seventyFivePercent
        let factor: Double
        if rule == .seventyFivePercent, let estimate {
            fitted = estimate.curve.reduce(into: [:]) { $0[$1.key.rawValue] = StaircaseRule.clamped($1.value.value).rawValue }
            factor = 1
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
            factor = StaircaseRule.clamped(start).rawValue
        }
        tracks = (0..<count).map { index -> StaircaseTrack in
            let notes = (low + (high - low + 1) * index / count)...(low + (high - low + 1) * (index + 1) / count - 1)
            return StaircaseTrack(notes: notes, factor: factor, together: together)
        }
        noteWeights = Self.focusWeights(focus: settings.focus, estimate: estimate, range: settings.noteRange)
    }

    public func nextExercise(settings: TrainingSettings, interval: DirectedInterval,
                             random: inout any RandomNumberGenerator) -> CompareExercise {
        if tracks.isEmpty { startRun(mode: .compare, settings: settings, estimate: nil) }
        let candidates = settings.noteRange.referenceNotes(for: interval)
        let reference = draw(from: candidates.lowerBound.rawValue...candidates.upperBound.rawValue, random: &random)
        let magnitude = offset(for: reference)
        let offset = Bool.random(using: &random) ? magnitude : -magnitude
        // invariant: `referenceNotes(for:)` holds valid notes and keeps the target inside the MIDI range.
        return CompareExercise(referenceNote: MIDINote(reference), interval: interval, tuningSystem: settings.tuningSystem,
                               centOffset: Cents(offset))!
    }

    public func answered(_ completed: CompareAnswer) {
        guard !tracks.isEmpty else { return }
        let asked = completed.centOffset.magnitude.rawValue
        let next = rule.nextMagnitude(after: completed.centOffset, wasCorrect: completed.isCorrect).rawValue
        let track = track(of: completed.referenceNote.rawValue)
        if tracks[track].together {
            for other in tracks.indices where tracks[other].together { tracks[other].factor = next }
            tracks[track].together = completed.isCorrect
        } else if fitted != nil {
            tracks[track].factor *= next / asked
        } else {
            tracks[track].factor = next
        }
    }

    /// The offset magnitude the next exercise on `note` would get.
    public func offset(for note: Int) -> Double {
        let factor = tracks[track(of: note)].factor
        guard let base = fitted?[note] else { return factor }
        return StaircaseRule.clamped(base * factor).rawValue
    }

    private func track(of note: Int) -> Int {
        tracks.firstIndex { $0.notes.contains(note) } ?? (note < (tracks.first?.notes.lowerBound ?? 0) ? 0 : tracks.count - 1)
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

/// One staircase of `StaircaseStrategy`: the reference notes it covers (an octave of the note range,
/// or all of it with the Kazez rule) and where it stands.
struct StaircaseTrack: Sendable {
    let notes: ClosedRange<Int>
    /// The track factor: with a fitted threshold the next offset on a note is that note's fitted
    /// threshold times this; with nothing fitted (a threshold of 1 cent, as it were) the offset itself.
    var factor: Double
    /// Whether the track still moves with the others (no wrong answer on it yet).
    var together: Bool
}
