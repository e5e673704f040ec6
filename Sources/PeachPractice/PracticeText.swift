import PeachText

/// PeachPractice's texts, by their keys in the tables: the status line, the box's log lines and what
/// the box says aloud.
public enum PracticeText: String, TextKeys {
    // The status line
    case statusAnswersNotSaved
    case statusAwaitingTuning
    case statusCorrectAt
    case statusError
    case statusFirstNote
    case statusHistoryBusy
    case statusMatchResult
    case statusNextComes
    case statusReferenceNote
    case statusSecondNote
    case statusStopped
    case statusStoppedBecause
    case statusStoppedStartFromController
    case statusTuning
    case statusWaitingForAudio
    case statusWaitingForController
    case statusStarting
    case statusWrongAt
    case statusListenToTheClicks
    case statusEarlyOrLate
    case statusTimingCorrectAt
    case statusTimingWrongAt
    case statusEarly
    case statusLate
    case statusTapTheGaps
    case statusGapFillResult
    case statusTimingThresholds
    case statusTimingNotEnough
    case statusTapping
    case statusTappingNotEnough
    case statusAudioBuffer
    case statusAudioBufferEnlarged
    case statusAudioBufferRefused
    // The practice box's log lines
    case boxControllerConnected
    case boxControllerDisconnected
    case boxAudioFailed
    case boxAudioThereStarting
    case boxAudioBack
    case boxWaitingForAudio
    case boxNotStarting
    case boxStarting
    case boxModeNotAvailable
    // What the box says (SpokenText)
    case speakStopped
    case speakAudioBack
    case speakAnswersKept
    case speakAnswersNotSaved
    case speakAnswersSavedAgain
    case speakModeCompare
    case speakModeCompareIntervals
    case speakModeMatch
    case speakModeMatchIntervals
    case speakModeCompareTiming
    case speakModeFillTheGap
    case speakTimingThreshold
    case speakTimingNotEnough
    case speakTimingEarly
    case speakTimingLate
    case speakTappingBias
    case speakTappingSpread
    case speakTappingNotEnough
    case speakLastTimingRight
    case speakLastTimingWrong
    case speakLastTrial
    case speakThreshold
    case speakMeanError
    case speakMeasurement
    case speakNotEnoughAnswers
    case speakAbove
    case speakBelow
    case speakLastAnswerRight
    case speakLastAnswerWrong
    case speakLastAnswerSharp
    case speakLastAnswerFlat
    case speakNoTrend
    case speakStable
    case speakImproving
    case speakDeclining
    case speakImprovingSince
    case speakDecliningSince
    // A hearing check's result (SpokenText.checkResult)
    case speakCheckMeasured
    case speakCheckAbove
    case speakCheckBelow
    case speakCheckNotEnoughAnswers
    case speakCheckFinerThanMusicians
    case speakCheckLikeMusicians
    case speakCheckBetween
    case speakCheckLikeNonMusicians
    case speakCheckCoarserThanNonMusicians
    // The hearing check on the box and the tour of the controls (SpokenText+Tour)
    case statusHearingCheck
    case statusTour
    case speakCheckStarts
    case tourWelcome
    case tourAskHigher
    case tourAskLower
    case tourAskTuning
    case tourAskModes
    case tourAskReport
    case tourRight
    case tourWasHigher
    case tourWasLower
    case tourWasMode
    case tourWasReport
    case tourWasTuning
    case tourEnd
    case tourOr
    case tourUnnamed
    case tourKey
    case tourKeys
    case tourKeysFrom
    case tourKeysBelow
    case tourMiddleC
    case tourNoteNames
    case tourWheelUp
    case tourWheelDown
    case tourButton
    case tourProgram
    case tourChord
    case tourPitchWheel
    case tourFader
    case tourKeyboardUp
    case tourKeyboardDown
    case tourKeyboardTuning
    case tourKeyboardMatch
    case tourKeyboardReport
    case tourKeyboardStop
}

extension Texts {
    /// The text of `key` with its placeholders filled in.
    public func text(_ key: PracticeText, _ arguments: any TextArgument...) -> String {
        text(of: key, arguments: arguments)
    }
}
