/// The adaptive staircase of Hear & Compare. With the 75 % rule, one track per region of the note
/// range (an octave each), interleaved as the reference note is drawn, so every region is measured
/// at its own threshold; each track starts a run at the fitted threshold of its region (100 cents
/// with no data, and then all tracks move together until the first wrong answer, so a new player
/// is not walked down from 100 cents once per octave). The classic Kazez rule runs a single track
/// that starts from the overall threshold, as the seeds describe.
///
/// `training.focus` draws reference notes where the player is weakest: with focus f the chance of
/// a note is (1 − f)·uniform + f·(its threshold's upper 95 % bound, normalised).
@MainActor
public final class StaircaseStrategy: NextComparisonStrategy {
    private var rule = StaircaseRule.seventyFivePercent
    private var regions: [ClosedRange<Int>] = []
    private var levels: [Double] = []
    private var movingTogether = false
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
        let overall = estimate?.overall?.value
        levels = regions.map { region in
            let centre = MIDINote((region.lowerBound + region.upperBound) / 2)
            let start = rule == .kazez ? overall : estimate?.threshold(at: centre)?.value ?? overall
            return StaircaseRule.clamped(start ?? StaircaseRule.initialOffset).rawValue
        }
        movingTogether = estimate == nil && rule == .seventyFivePercent
        noteWeights = Self.focusWeights(focus: settings.focus, estimate: estimate, range: settings.noteRange)
    }

    public func nextComparison(settings: TrainingSettings, interval: DirectedInterval,
                               random: inout any RandomNumberGenerator) -> Comparison {
        if regions.isEmpty { startRun(mode: .compare, settings: settings, estimate: nil) }
        let candidates = settings.noteRange.referenceNotes(for: interval)
        let reference = draw(from: candidates.lowerBound.rawValue...candidates.upperBound.rawValue, random: &random)
        let magnitude = levels[region(of: reference)]
        let offset = Bool.random(using: &random) ? magnitude : -magnitude
        // `referenceNotes(for:)` keeps the target inside the MIDI range.
        return Comparison(referenceNote: MIDINote(reference), interval: interval, tuningSystem: settings.tuningSystem,
                          centOffset: Cents(offset))!
    }

    public func answered(_ completed: CompletedComparison) {
        guard !regions.isEmpty else { return }
        let next = rule.nextMagnitude(after: completed.comparison.centOffset, wasCorrect: completed.isCorrect).rawValue
        if movingTogether {
            levels = levels.map { _ in next }
            movingTogether = completed.isCorrect
        } else {
            levels[region(of: completed.comparison.referenceNote.rawValue)] = next
        }
    }

    /// The current offset of every track, lowest region first (for tests and the log).
    public var trackLevels: [Double] { levels }

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
        let notes = range.lowest.rawValue...range.highest.rawValue
        let weakness = notes.map { estimate.curve[MIDINote($0)]?.high ?? 0 }
        let total = weakness.reduce(0, +)
        guard total > 0, total.isFinite else { return nil }
        let share = min(focus, 1)
        var weights: [Int: Double] = [:]
        for (note, value) in zip(notes, weakness) {
            weights[note] = (1 - share) / Double(notes.count) + share * value / total
        }
        return weights
    }
}
