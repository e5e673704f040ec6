import PeachDomain
import PeachText

/// How the rhythm figures are said, in `peach profile` and on the dashboard: milliseconds with
/// their 95 % intervals, signed offsets negative when early.
extension Texts {
    /// "75 % correct at 14.2 ms (11.9–16.8), 7.6 % of a sixteenth", or "not enough answers yet"
    /// while the threshold may not be said (`RhythmThreshold.isConclusive`).
    public func timingThreshold(_ threshold: RhythmThreshold?) -> String {
        guard let threshold = ProfileReport.said(threshold) else { return text(.thresholdNotEnoughAnswers) }
        let milliseconds = threshold.milliseconds
        return text(.profileTimingThreshold, Decimals(milliseconds.value, 1), Decimals(milliseconds.low, 1),
                    Decimals(milliseconds.high, 1), Decimals(threshold.percent.value, 1))
    }

    /// "80–99 BPM".
    public func tempoBand(_ band: TempoBand) -> String {
        text(.profileTempoBand, band.lowest, band.highest)
    }

    /// "4.0 ms early (−5.1…−2.9)", or "not enough taps yet".
    public func tapBias(_ figure: IntervalEstimate?) -> String {
        guard let figure else { return text(.profileTapsNotEnough) }
        return text(figure.value < 0 ? .profileTapEarly : .profileTapLate, Decimals(abs(figure.value), 1),
                    Decimals(figure.low, 1, signed: true), Decimals(figure.high, 1, signed: true))
    }

    /// "6.0 ms (5.1–7.3)", or "not enough taps yet".
    public func tapSpread(_ figure: IntervalEstimate?) -> String {
        guard let figure else { return text(.profileTapsNotEnough) }
        return text(.profileTapSpread, Decimals(figure.value, 1), Decimals(figure.low, 1), Decimals(figure.high, 1))
    }

    /// "improving", "stable", "declining", or "no trend yet".
    public func trend(_ trend: ProgressTimeline.Trend?) -> String {
        switch trend {
        case nil: text(.trendNone)
        case .stable: text(.trendStable)
        case .improving: text(.trendImproving)
        case .declining: text(.trendDeclining)
        }
    }
}
