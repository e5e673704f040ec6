import Foundation
import PeachDomain

/// What `peach profile` shows: per mode the fitted threshold (Hear & Compare) or tuning accuracy
/// (Tune & Match) with its interval, the trend from fitted values, and the moving average of the
/// offsets asked. The same numbers as JSON for programs.
struct ProfileReport {
    let profile: PerceptualProfile
    let timeline: ProgressTimeline
    let range: NoteRange
    /// The offsets asked per reference note, all comparison answers: the JSON's older, descriptive fields.
    let offsetsAsked: [Int: WelfordAccumulator]
    let matchingErrors: WelfordAccumulator

    /// The report of a history read one answer at a time (`peach profile` and the dashboard's
    /// `/api/profile` both make it so, and so give the same bytes).
    @MainActor
    init(digest: HistoryDigest, range: NoteRange) {
        profile = PerceptualProfile(digest)
        timeline = digest.timeline
        self.range = range
        offsetsAsked = digest.offsetsAsked
        matchingErrors = digest.matchingErrors
    }

    /// What the report says of one mode.
    struct ModeSummary {
        let mode: TrainingMode
        let count: Int
        let estimate: ThresholdEstimate?
        let accuracy: MatchingAccuracy?
        let change: ProgressChange?
    }

    @MainActor
    func summary(_ mode: TrainingMode) -> ModeSummary {
        switch mode.skill {
        case .comparison:
            let answers = profile.answers(for: mode)
            return ModeSummary(mode: mode, count: answers.count, estimate: profile.thresholdEstimate(for: mode, range: range),
                               accuracy: nil, change: answers.change(range: range))
        case .matching:
            let attempts = profile.attempts(for: mode)
            return ModeSummary(mode: mode, count: attempts.count, estimate: nil, accuracy: attempts.accuracy,
                               change: attempts.change)
        }
    }

    // MARK: Terminal

    @MainActor
    func text() -> String {
        var lines: [String] = []
        for mode in TrainingMode.allCases {
            let summary = summary(mode)
            let name = mode.displayName
            guard summary.count > 0 else {
                lines.append("\(name): no answers yet.")
                continue
            }
            let measured = mode.skill == .comparison ? MeasurementWording.threshold(summary.estimate?.overall)
                                                     : MeasurementWording.matching(summary.accuracy)
            let unit = mode.skill == .comparison ? "answers" : "attempts"
            lines.append("\(name): \(measured); \(MeasurementWording.change(summary.change)) (\(summary.count) \(unit))")
            if let estimate = summary.estimate {
                lines.append("")
                lines += ProfileChart(estimate: estimate, counts: profile.answers(for: mode).noteCounts, range: range).lines()
                lines.append("")
            }
        }
        lines.append("")
        lines.append("Offsets asked / errors left, moving average (7-day half-life; not a threshold):")
        for mode in TrainingMode.allCases {
            let progress = timeline[mode]
            let name = mode.displayName.padding(toLength: 32, withPad: " ", startingAt: 0)
            guard let ewma = progress.ewma else { continue }
            lines.append("  \(name) \(String(format: "%6.2f", ewma)) ct  (\(progress.count) answers)")
        }
        lines.append("")
        lines.append("Threshold: the offset you answer correctly 75 % of the time, from a psychometric fit to your "
                     + "answers (recent ones count more); in brackets its 95 % interval.")
        return lines.joined(separator: "\n")
    }
}
