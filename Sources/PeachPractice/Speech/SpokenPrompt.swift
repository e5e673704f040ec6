import PeachDomain

/// Something the box says aloud. A value: what to say, not how it sounds in which language
/// (`SpokenText` has the words).
public enum SpokenPrompt: Hashable, Sendable {
    /// Training starts in, or switches to, this mode.
    case mode(TrainingMode)
    /// Training stopped at the player's request.
    case stopped
    /// The audio output is back after a loss; training waits for the player.
    case audioBack
    /// The history refuses answers: kept for later (`kept`), or lost when the journal fails too.
    case answersNotSaved(kept: Bool)
    /// The history takes answers again.
    case answersSavedAgain
    /// The report the player asked for.
    case report(SpokenReport)
    /// A hearing check begins: what it is and how to answer.
    case checkStarts
    /// What the hearing check found (`SpokenText.checkResult`).
    case checkResult(MeasuredValue)
    /// The tour of the controls.
    case tour(TourPrompt)

    /// The prompts whose words never change: synthesised once, ahead of time.
    public static let fixed: [SpokenPrompt] = TrainingMode.allCases.map { .mode($0) }
        + [.stopped, .audioBack, .answersNotSaved(kept: true), .answersNotSaved(kept: false), .answersSavedAgain, .checkStarts,
           .tour(.end)]
}

/// What the report says: the mode's measurement with its interval, its trend, and the last result.
public struct SpokenReport: Hashable, Sendable {
    /// The last answer of the running session.
    public enum LastResult: Hashable, Sendable {
        case compare(correct: Bool, cents: Double)
        /// Signed error in cents, + sharp.
        case match(error: Double)
        /// Compare Timing: right or wrong, at an offset of this many milliseconds.
        case timing(correct: Bool, milliseconds: Double)
        /// Fill the Gap: the trial's mean offset (negative early) and the gaps hit.
        case gapFill(meanMilliseconds: Double, hits: Int)
    }

    /// What the rhythm modes measure, in milliseconds.
    public enum RhythmMeasurement: Hashable, Sendable {
        /// Compare Timing's thresholds in the band trained last, per direction.
        case timing(early: IntervalEstimate?, late: IntervalEstimate?)
        /// Fill the Gap's bias (negative early) and spread.
        case tapping(bias: IntervalEstimate?, spread: IntervalEstimate?)
    }

    public var mode: TrainingMode
    /// Hear & Compare: the threshold (75 % correct); Tune & Match: the mean error.
    public var measurement: MeasuredValue
    public var trend: ProgressChange?
    public var last: LastResult?
    /// The rhythm modes' figures (their `measurement` is not used).
    public var rhythm: RhythmMeasurement?

    public init(mode: TrainingMode, measurement: MeasuredValue, trend: ProgressChange?, last: LastResult?,
                rhythm: RhythmMeasurement? = nil) {
        self.mode = mode
        self.measurement = measurement
        self.trend = trend
        self.last = last
        self.rhythm = rhythm
    }
}

/// Where the report's figures come from (the profile, in the box).
@MainActor
public protocol ReportSource: AnyObject {
    /// The measurement and trend of `mode`, as the profile has them now.
    func measurement(for mode: TrainingMode) -> (value: MeasuredValue, trend: ProgressChange?)
    /// A rhythm mode's figures; nil for the pitch modes.
    func rhythmMeasurement(for mode: TrainingMode) -> SpokenReport.RhythmMeasurement?
}

extension ReportSource {
    public func rhythmMeasurement(for mode: TrainingMode) -> SpokenReport.RhythmMeasurement? { nil }
}

/// The profile as the report's source: the threshold as the measurement defines it (nil when its
/// interval is too wide to say), Tune & Match's mean error, and each one's trend.
@MainActor
public final class ProfileReportSource: ReportSource {
    private let profile: PerceptualProfile
    private let settings: any TrainingSettingsProvider
    private let rhythm: LiveRhythmProfile?

    public init(profile: PerceptualProfile, settings: any TrainingSettingsProvider, rhythm: LiveRhythmProfile? = nil) {
        self.profile = profile
        self.settings = settings
        self.rhythm = rhythm
    }

    /// Compare Timing: the band trained last; Fill the Gap: every tap. Only what is measured.
    public func rhythmMeasurement(for mode: TrainingMode) -> SpokenReport.RhythmMeasurement? {
        guard let rhythm else { return nil }
        switch mode.skill {
        case .compareTiming:
            let fitted = rhythm.profile.latestBand.map { rhythm.thresholds(in: $0) } ?? [:]
            func measured(_ direction: TimingDirection) -> IntervalEstimate? {
                fitted[direction].flatMap { $0.isConclusive ? $0.milliseconds : nil }
            }
            return .timing(early: measured(.early), late: measured(.late))
        case .fillTheGap:
            return .tapping(bias: rhythm.profile.tapping.bias, spread: rhythm.profile.tapping.spread)
        case .compare, .match:
            return nil
        }
    }

    public func measurement(for mode: TrainingMode) -> (value: MeasuredValue, trend: ProgressChange?) {
        let range = settings.currentSettings.noteRange
        switch mode.skill {
        case .compare:
            let estimate = profile.thresholdEstimate(for: mode, range: range)
            return (estimate?.overallValue ?? .notEnoughAnswers, estimate?.change)
        case .match:
            return (MeasuredValue(profile.matchAccuracy(for: mode)?.meanError), profile.attempts(for: mode).change)
        case .compareTiming, .fillTheGap:
            return (.notEnoughAnswers, nil)
        }
    }
}
