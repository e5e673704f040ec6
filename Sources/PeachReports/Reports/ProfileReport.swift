import Foundation
import PeachDomain
import PeachText

/// What `peach profile` shows: per mode the fitted threshold (Hear & Compare) or tuning accuracy
/// (Tune & Match) with its interval, the trend from fitted values, and the moving average of the
/// offsets asked. The same numbers as JSON for programs.
public struct ProfileReport {
    let profile: PerceptualProfile
    let timeline: ProgressTimeline
    let range: NoteRange
    /// The offsets asked per reference note, all Hear & Compare answers: the JSON's older, descriptive fields.
    let offsetsAsked: [Int: WelfordAccumulator]
    let matchingErrors: WelfordAccumulator
    /// The rhythm modes' profile and trends.
    let rhythm: RhythmDigest

    /// The report of a history read one answer at a time (`peach profile` and the dashboard's
    /// `/api/profile` both make it so, and so give the same bytes).
    @MainActor
    public init(digest: HistoryDigest, range: NoteRange) {
        self.init(digest: digest, profile: PerceptualProfile(digest), range: range)
    }

    /// The same with `PerceptualProfile(digest)` made already (its fits are kept and shared).
    @MainActor
    public init(digest: HistoryDigest, profile: PerceptualProfile, range: NoteRange) {
        self.profile = profile
        timeline = digest.timeline
        self.range = range
        offsetsAsked = digest.offsetsAsked
        matchingErrors = digest.matchingErrors
        rhythm = digest.rhythm
    }

    /// What the report says of one mode.
    struct ModeSummary {
        let mode: TrainingMode
        let count: Int
        let estimate: ThresholdEstimate?
        let accuracy: MatchAccuracy?
        let change: ProgressChange?

        /// The trend as it is said: none while Hear & Compare's threshold itself is not measured
        /// ("not enough answers yet; stable" would contradict itself).
        var saidChange: ProgressChange? {
            guard mode.skill == .compare else { return change }
            guard case .measured? = estimate?.overallValue else { return nil }
            return change
        }
    }

    @MainActor
    func summary(_ mode: TrainingMode) -> ModeSummary {
        switch mode.skill {
        case .compare:
            let answers = profile.answers(for: mode)
            let estimate = profile.thresholdEstimate(for: mode, range: range)
            return ModeSummary(mode: mode, count: answers.count, estimate: estimate, accuracy: nil, change: estimate?.change)
        case .match:
            let attempts = profile.attempts(for: mode)
            return ModeSummary(mode: mode, count: attempts.count, estimate: nil, accuracy: attempts.accuracy,
                               change: attempts.change)
        case .compareTiming, .fillTheGap:
            return ModeSummary(mode: mode, count: 0, estimate: nil, accuracy: nil, change: nil)
        }
    }

    // MARK: Terminal

    @MainActor
    public func text(_ texts: Texts) -> String {
        var lines: [String] = []
        let pitchAnswers = TrainingMode.pitchModes.reduce(0) { $0 + summary($1).count }
        if pitchAnswers + rhythm.profile.timingCount + rhythm.profile.gapFillCount == 0 {
            lines += [texts.text(.profileHowToStart), ""]
        }
        for mode in TrainingMode.pitchModes {
            let summary = summary(mode)
            let name = texts.name(mode)
            guard summary.count > 0 else {
                lines.append(texts.text(.profileNoAnswersYet, name))
                continue
            }
            let measured = mode.skill == .compare
                ? texts.threshold(summary.estimate?.overallValue ?? .notEnoughAnswers, of: profile.answers(for: mode))
                : texts.matching(summary.accuracy)
            let line = mode.skill == .compare ? ReportText.profileModeAnswers : .profileModeMatchAnswers
            lines.append(texts.text(line, name, measured, texts.change(summary.saidChange), summary.count))
            if let estimate = summary.estimate {
                lines.append("")
                lines += ProfileChart(estimate: estimate, counts: profile.answers(for: mode).noteCounts, range: range,
                                      texts: texts).lines()
                lines.append("")
            }
        }
        lines += rhythmText(texts)
        lines.append("")
        lines.append(texts.text(.profileMovingAverageHeading))
        for mode in TrainingMode.pitchModes + TrainingMode.rhythmModes {
            let progress = timeline[mode]
            let name = texts.name(mode).padding(toLength: 32, withPad: " ", startingAt: 0)
            guard let ewma = progress.ewma else { continue }
            // The pitch modes' in cents, the rhythm modes' in milliseconds (as their timeline keeps them).
            let line: ReportText = mode.isPitch ? .profileMovingAverageLine : .profileMovingAverageLineMs
            lines.append(texts.text(line, name, Decimals(ewma, 2).formatted(texts.numbers).leftPadded(to: 6), progress.count))
        }
        lines.append("")
        lines.append(texts.text(.profileThresholdExplained))
        return lines.joined(separator: "\n")
    }
}

extension String {
    /// The string with spaces before it up to `width` characters (numbers in a column).
    func leftPadded(to width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}
