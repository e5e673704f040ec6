import PeachDomain
import PeachText

/// Every word the box says, from the language tables (`speak…` keys). Numbers are written as digits
/// in the language's own form ("6,2"), which eSpeak reads as words ("sechs Komma zwei").
public enum SpokenText {
    public static func text(for prompt: SpokenPrompt, in language: Language) -> String {
        let texts = Texts(language)
        switch prompt {
        case .mode(let mode): return modeName(mode, texts)
        case .stopped: return texts.text(.speakStopped)
        case .audioBack: return texts.text(.speakAudioBack)
        case .answersNotSaved(kept: true): return texts.text(.speakAnswersKept)
        case .answersNotSaved(kept: false): return texts.text(.speakAnswersNotSaved)
        case .answersSavedAgain: return texts.text(.speakAnswersSavedAgain)
        case .report(let report): return text(for: report, texts)
        case .checkStarts: return texts.text(.speakCheckStarts)
        case .checkResult(let threshold): return checkResult(threshold, in: language)
        case .tour(let prompt): return tour(prompt, texts)
        }
    }

    public static func modeName(_ mode: TrainingMode, in language: Language) -> String {
        modeName(mode, Texts(language))
    }

    static func modeName(_ mode: TrainingMode, _ texts: Texts) -> String {
        switch mode {
        case .compare: texts.text(.speakModeCompare)
        case .compareIntervals: texts.text(.speakModeCompareIntervals)
        case .match: texts.text(.speakModeMatch)
        case .matchIntervals: texts.text(.speakModeMatchIntervals)
        case .compareTiming: texts.text(.speakModeCompareTiming)
        case .fillTheGap: texts.text(.speakModeFillTheGap)
        }
    }

    /// "Hear and compare, single notes. Your threshold: 6.2 cents, between 5.1 and 7.6. Stable.
    /// Last answer: right, at 6.0 cents."
    public static func text(for report: SpokenReport, in language: Language) -> String {
        text(for: report, Texts(language))
    }

    private static func text(for report: SpokenReport, _ texts: Texts) -> String {
        var sentences = [modeName(report.mode, texts)]
        if !report.mode.isPitch {
            sentences += rhythm(report.rhythm, texts)
            if let last = report.last { sentences.append(lastResult(last, texts)) }
            return sentences.joined(separator: " ")
        }
        let measure = texts.text(report.mode.skill == .compare ? .speakThreshold : .speakMeanError)
        switch report.measurement {
        case .measured(let value): sentences.append(texts.text(.speakMeasurement, measure, value.value, value.low, value.high))
        case .notEnoughAnswers: sentences.append(texts.text(.speakNotEnoughAnswers, measure))
        case .above(let bound): sentences.append(texts.text(.speakAbove, measure, bound))
        case .below(let bound): sentences.append(texts.text(.speakBelow, measure, bound))
        }
        sentences.append(trend(report.trend, texts))
        if let last = report.last { sentences.append(lastResult(last, texts)) }
        return sentences.joined(separator: " ")
    }

    private static func lastResult(_ last: SpokenReport.LastResult, _ texts: Texts) -> String {
        switch last {
        case .compare(let correct, let size):
            texts.text(correct ? .speakLastAnswerRight : .speakLastAnswerWrong, size)
        case .match(let error):
            texts.text(error >= 0 ? .speakLastAnswerSharp : .speakLastAnswerFlat, abs(error))
        case .timing(let correct, let milliseconds):
            texts.text(correct ? .speakLastTimingRight : .speakLastTimingWrong, milliseconds)
        case .gapFill(let mean, let hits):
            texts.text(.speakLastTrial, abs(mean), texts.text(mean < 0 ? .speakTimingEarly : .speakTimingLate), hits)
        }
    }

    /// Compare Timing's thresholds early and late, or Fill the Gap's bias and spread.
    private static func rhythm(_ measurement: SpokenReport.RhythmMeasurement?, _ texts: Texts) -> [String] {
        switch measurement {
        case .timing(let early, let late)?:
            return [(PracticeText.speakTimingEarly, early), (.speakTimingLate, late)].map { direction, figure in
                let name = texts.text(direction)
                guard let figure else { return texts.text(.speakTimingNotEnough, name) }
                return texts.text(.speakTimingThreshold, name, figure.value, figure.low, figure.high)
            }
        case .tapping(let bias?, let spread)?:
            let direction = texts.text(bias.value < 0 ? .speakTimingEarly : .speakTimingLate)
            // Said as a distance early or late: an early interval's ends are turned round.
            let (low, high) = bias.value < 0 ? (-bias.high, -bias.low) : (bias.low, bias.high)
            var sentences = [texts.text(.speakTappingBias, abs(bias.value), direction, low, high)]
            if let spread { sentences.append(texts.text(.speakTappingSpread, spread.value)) }
            return sentences
        case .tapping(nil, _)?, nil:
            return [texts.text(.speakTappingNotEnough)]
        }
    }

    /// What a hearing check found, in two sentences: "You hear differences of about 12 cents, between
    /// 10 and 15. That is about where trained musicians are." Numbers to two figures (a check's
    /// interval spans a factor of 1.5 or more); the second sentence only where the result allows a
    /// comparison with the published figures (`PublishedComparison`).
    public static func checkResult(_ threshold: MeasuredValue, in language: Language) -> String {
        let texts = Texts(language)
        var sentences: [String]
        switch threshold {
        case .measured(let value):
            sentences = [texts.text(.speakCheckMeasured, twoFigures(value.value), twoFigures(value.low), twoFigures(value.high))]
        case .above(let bound): sentences = [texts.text(.speakCheckAbove, twoFigures(bound))]
        case .below(let bound): sentences = [texts.text(.speakCheckBelow, twoFigures(bound))]
        case .notEnoughAnswers: sentences = [texts.text(.speakCheckNotEnoughAnswers)]
        }
        switch PublishedComparison(threshold) {
        case .finerThanMusicians?: sentences.append(texts.text(.speakCheckFinerThanMusicians))
        case .likeMusicians?: sentences.append(texts.text(.speakCheckLikeMusicians))
        case .betweenMusiciansAndNonMusicians?: sentences.append(texts.text(.speakCheckBetween))
        case .likeNonMusicians?: sentences.append(texts.text(.speakCheckLikeNonMusicians))
        case .coarserThanNonMusicians?: sentences.append(texts.text(.speakCheckCoarserThanNonMusicians))
        case nil: break
        }
        return sentences.joined(separator: " ")
    }

    /// Cents to two significant figures (three from 100 on): 0.45, 6.2, 12, 120.
    static func twoFigures(_ cents: Double) -> Decimals {
        Decimals(cents, cents < 1 ? 2 : cents < 10 ? 1 : 0)
    }

    private static func trend(_ change: ProgressChange?, _ texts: Texts) -> String {
        guard let change else { return texts.text(.speakNoTrend) }
        switch change.trend {
        case .stable: return texts.text(.speakStable)
        case .improving:
            return change.answersAgo.map { texts.text(.speakImprovingSince, abs(change.cents), $0) }
                ?? texts.text(.speakImproving, abs(change.cents))
        case .declining:
            return change.answersAgo.map { texts.text(.speakDecliningSince, abs(change.cents), $0) }
                ?? texts.text(.speakDeclining, abs(change.cents))
        }
    }
}
