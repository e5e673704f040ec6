import Foundation
import PeachDomain

extension ProfileReport {
    /// `peach profile --json`: per mode the fitted threshold or accuracy with intervals, the trend
    /// and its size, and (compare modes) every note of the range; the rhythm modes' figures; plus the
    /// older descriptive fields.
    @MainActor
    public func json() throws -> String {
        let pitchModes = TrainingMode.pitchModes.map { mode in
            let summary = summary(mode)
            var entry = ProfileDocument.Mode(mode: mode.rawValue, ewma: Self.number(timeline[mode].ewma), count: summary.count,
                                             trend: summary.change?.trend.rawValue,
                                             trendChange: summary.change.map(ProfileDocument.TrendChange.init))
            switch mode.skill {
            case .compare:
                let counts = profile.answers(for: mode).noteCounts
                entry.threshold = ProfileDocument.Threshold(summary.estimate?.overallValue ?? .notEnoughAnswers, criterion: true)
                entry.psychometric = .init(wrappedValue: summary.estimate.map { .init(slope: $0.slope, lapse: $0.lapse) })
                entry.notes = range.notes.map { note in
                    ProfileDocument.NoteThreshold(
                        note: note.rawValue, name: note.name, count: counts[note.rawValue],
                        threshold: ProfileDocument.Threshold(summary.estimate?.value(at: note) ?? .notEnoughAnswers, criterion: false))
                }
            case .match:
                entry.threshold = summary.accuracy.map(ProfileDocument.Threshold.init)
            case .compareTiming, .fillTheGap:
                break
            }
            return ProfileDocument.ModeEntry.pitch(entry)
        }
        let modes = pitchModes + [.timing(timingDocument), .gapFill(gapFillDocument)]
        let notes: [ProfileDocument.OffsetNote] = offsetsAsked.keys.sorted().compactMap { key in
            guard let statistics = offsetsAsked[key], let note = MIDINote(validating: key) else { return nil }
            return ProfileDocument.OffsetNote(note: key, name: note.name, mean: Self.number(statistics.mean),
                                              stdDev: Self.number(statistics.standardDeviation), count: statistics.count)
        }
        // In key order: a dictionary's order changes from run to run, and so would the sum's last digit.
        let means = WelfordAccumulator(offsetsAsked.keys.sorted().compactMap { offsetsAsked[$0]?.mean })
        let document = ProfileDocument(
            comparison: ProfileDocument.Offsets(notes: notes, overallMean: Self.number(means.mean),
                                                overallStdDev: Self.number(means.standardDeviation)),
            matching: ProfileDocument.Errors(mean: Self.number(matchingErrors.mean),
                                             stdDev: Self.number(matchingErrors.standardDeviation), count: matchingErrors.count),
            modes: modes)
        return try ReportJSON.text(document)
    }

    /// A finite number, or nil (null): JSON has no NaN or infinity.
    static func number(_ value: Double?) -> Double? { value.flatMap { $0.isFinite ? $0 : nil } }
}

/// The document `peach profile --json` prints (docs/measurement.md tells its fields). Every key is
/// written, `null` where there is no data; only the keys a mode's skill lacks are left out.
struct ProfileDocument: Encodable {
    let comparison: Offsets
    let matching: Errors
    let modes: [ModeEntry]

    /// One entry of `modes`: a pitch mode, or a rhythm mode (`ProfileReport+Rhythm.swift`).
    enum ModeEntry: Encodable {
        case pitch(Mode)
        case timing(TimingMode)
        case gapFill(GapFillMode)

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .pitch(let mode): try mode.encode(to: encoder)
            case .timing(let mode): try mode.encode(to: encoder)
            case .gapFill(let mode): try mode.encode(to: encoder)
            }
        }
    }

    /// The offsets asked per reference note, all Hear & Compare answers (the older, descriptive fields).
    struct Offsets: Encodable {
        let notes: [OffsetNote]
        @OrNull var overallMean: Double?
        @OrNull var overallStdDev: Double?
    }

    struct OffsetNote: Encodable {
        let note: Int
        let name: String
        @OrNull var mean: Double?
        @OrNull var stdDev: Double?
        let count: Int
    }

    /// The Tune & Match errors, all answers.
    struct Errors: Encodable {
        @OrNull var mean: Double?
        @OrNull var stdDev: Double?
        let count: Int
    }

    /// One training mode. `psychometric` and `notes` only for the compare modes: left out (not
    /// null) for the matching modes.
    struct Mode: Encodable {
        let mode: String
        @OrNull var ewma: Double?
        let count: Int
        @OrNull var trend: String?
        @OrNull var trendChange: TrendChange?
        @OrNull var threshold: Threshold? = nil
        var psychometric: OrNull<Psychometric>? = nil
        var notes: [NoteThreshold]? = nil
    }

    struct TrendChange: Encodable {
        let cents: Double
        let percent: Double
        @OrNull var answersAgo: Int?

        init(_ change: ProgressChange) {
            cents = change.cents
            percent = change.percent
            answersAgo = change.answersAgo
        }
    }

    /// The fitted function's other two parameters: how steep, and how often the player slips.
    struct Psychometric: Encodable {
        let slope: Double
        let lapse: Double
    }

    struct NoteThreshold: Encodable {
        let note: Int
        let name: String
        let count: Int
        @OrNull var threshold: Threshold?
    }

    /// `{value, low, high}` with `criterion` (the overall threshold, 0.75) or without (a note's);
    /// beyond the offsets asked `{criterion, above}` or `{criterion, below}` (the bound in cents the
    /// answers at the extreme offsets show); nil (null) without either. A matching mode's is its
    /// mean error `{value, low, high}` with `criterion` null, `bias` and `spread`.
    struct Threshold: Encodable {
        var criterion: OrNull<Double>?
        var value: Double?, low: Double?, high: Double?
        var above: Double?, below: Double?
        var bias: Estimate?, spread: Estimate?

        init?(_ measured: MeasuredValue, criterion: Bool) {
            self.criterion = criterion ? OrNull(wrappedValue: PsychometricFunction.criterion) : nil
            switch measured {
            case .measured(let estimate): (value, low, high) = (estimate.value, estimate.low, estimate.high)
            case .notEnoughAnswers: return nil
            case .above(let bound): above = bound
            case .below(let bound): below = bound
            }
        }

        init(_ accuracy: MatchAccuracy) {
            criterion = OrNull(wrappedValue: nil)
            (value, low, high) = (accuracy.meanError.value, accuracy.meanError.low, accuracy.meanError.high)
            bias = Estimate(accuracy.bias)
            spread = Estimate(accuracy.spread)
        }
    }

    /// `{value, low, high}` in cents.
    struct Estimate: Encodable {
        let value: Double
        let low: Double
        let high: Double

        init(_ estimate: IntervalEstimate) {
            (value, low, high) = (estimate.value, estimate.low, estimate.high)
        }
    }
}
