import PeachDomain

/// How the training's values are said, everywhere they are shown (status line, log, profile,
/// history): a measurement always with its criterion and its interval, never a bare number.
extension Texts {
    /// "Hear & Compare – single notes", "Compare Timing".
    public func name(_ mode: TrainingMode) -> String {
        switch mode {
        case .compare: text(.modeCompare)
        case .compareIntervals: text(.modeCompareIntervals)
        case .match: text(.modeMatch)
        case .matchIntervals: text(.modeMatchIntervals)
        case .compareTiming: text(.modeCompareTiming)
        case .fillTheGap: text(.modeFillTheGap)
        }
    }

    /// "75 % correct at 6.2 ct (5.1–7.6)", or "not enough answers yet".
    public func threshold(_ estimate: IntervalEstimate?) -> String {
        threshold(MeasuredValue(estimate))
    }

    /// The same, or "above 100 ct, where the largest differences were asked" when the fit lies beyond the offsets asked.
    public func threshold(_ value: MeasuredValue) -> String {
        switch value {
        case .measured(let estimate): text(.threshold, estimate.value, estimate.low, estimate.high)
        case .notEnoughAnswers: text(.thresholdNotEnoughAnswers)
        case .above(let bound): text(.thresholdAbove, bound)
        case .below(let bound): text(.thresholdBelow, bound)
        }
    }

    /// The same, but where the answers give no threshold because they are right about half the
    /// time at every offset, says so instead of "not enough answers yet". (Where the answers at the
    /// largest offsets show the threshold lies above them, that is said: it says more.)
    public func threshold(_ value: MeasuredValue, of answers: CompareAnswers) -> String {
        if case .notEnoughAnswers = value, answers.areLikeGuessing { return text(.thresholdLikeGuessing) }
        return threshold(value)
    }

    /// "off by 4.1 ct (3.5–4.8), 2.0 ct sharp (+1.1…+2.9), spread 6.0 ct (5.2–7.0)", or "not enough attempts yet".
    public func matching(_ accuracy: MatchAccuracy?) -> String {
        guard let accuracy else { return text(.matchNotEnoughAnswers) }
        let bias = accuracy.bias
        return text(bias.value >= 0 ? .matchingSharp : .matchingFlat,
                    accuracy.meanError.value, accuracy.meanError.low, accuracy.meanError.high,
                    abs(bias.value), SignedCents(bias.low), SignedCents(bias.high),
                    accuracy.spread.value, accuracy.spread.low, accuracy.spread.high)
    }

    /// "improving: 3.1 ct lower than 2,250 answers ago (-25 %)" / "stable" / "no trend yet".
    public func change(_ change: ProgressChange?) -> String {
        guard let change else { return text(.trendNone) }
        guard change.isChange else { return text(.trendStable) }
        let trend = text(change.trend == .improving ? .trendImproving : .trendDeclining)
        let percent = Decimals(change.percent, 0, signed: true)
        if let ago = change.answersAgo {
            return text(change.cents < 0 ? .trendLowerSince : .trendHigherSince, trend, abs(change.cents), ago, percent)
        }
        return text(change.cents < 0 ? .trendLower : .trendHigher, trend, abs(change.cents), percent)
    }

    /// How an answer went: correct or wrong; for Tune & Match close, moderate or far.
    public func name(_ result: AnswerResult) -> String {
        switch result {
        case .correct: text(.answerCorrect)
        case .wrong: text(.answerWrong)
        case .close: text(.matchClose)
        case .moderate: text(.matchModerate)
        case .far: text(.matchFar)
        }
    }

    /// Why training stopped.
    public func reason(_ interruption: TrainingInterruption) -> String {
        switch interruption {
        case .audioInterruptionBegan: text(.interruptionAudioBegan)
        case .audioInterruptionEnded: text(.interruptionAudioEnded)
        case .audioRouteChanged: text(.interruptionAudioRouteChanged)
        case .controllerDisconnected(let name): text(.interruptionControllerDisconnected, name)
        case .shuttingDown: text(.interruptionShuttingDown)
        }
    }
}
