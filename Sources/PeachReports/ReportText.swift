import PeachText

/// PeachReports' texts, by their keys in the tables: the profile report and its chart.
public enum ReportText: String, TextKeys {
    // peach profile
    case profileModeAnswers
    case profileModeMatchAnswers
    case profileMovingAverageHeading
    case profileMovingAverageLine
    case profileMovingAverageLineMs
    case profileNoAnswersYet
    case profileThresholdExplained
    // peach profile: the rhythm modes
    case profileHowToStart
    case profileTimingAnswers
    case profileTimingBand
    case profileTimingThreshold
    case profileTempoBand
    case profileGapFillTrials
    case profileGapPosition
    case profileTapEarly
    case profileTapLate
    case profileTapSpread
    case profileTapsNotEnough
    case profileRhythmExplained
    case chartAnswerLegend
    case chartCountLabel
    case chartHeading
    case chartNoThresholdYet
}

extension Texts {
    /// The text of `key` with its placeholders filled in.
    public func text(_ key: ReportText, _ arguments: any TextArgument...) -> String {
        text(of: key, arguments: arguments)
    }
}
