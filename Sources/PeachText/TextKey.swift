/// PeachText's own texts, by their keys in the tables (`Texts/en.json`, `Texts/de.json`): the names of
/// modes, measurements, trends, notes and intervals every program says alike, and the system's words
/// (`SystemWords`). Every other layer has its own enum of keys (`TextKeys`).
public enum TextKey: String, TextKeys {
    // Training modes
    case modeCompare
    case modeCompareIntervals
    case modeMatch
    case modeMatchIntervals
    // The iOS app's rhythm modes, whose answers the history keeps
    case modeCompareTiming
    case modeFillTheGap
    case tempoBPM
    // Measurements
    case threshold
    case thresholdNotEnoughAnswers
    case thresholdLikeGuessing
    case thresholdAbove
    case thresholdBelow
    case matchingFlat
    case matchNotEnoughAnswers
    case matchingSharp
    case trendDeclining
    case trendHigher
    case trendImproving
    case trendLower
    case trendHigherSince
    case trendLowerSince
    case trendNone
    case trendStable
    case answerCorrect
    case answerWrong
    case matchClose
    case matchFar
    case matchModerate
    // Why training stopped
    case interruptionAudioBegan
    case interruptionAudioEnded
    case interruptionAudioRouteChanged
    case interruptionControllerDisconnected
    case interruptionShuttingDown
    // Note, interval, weekday and month names (`Texts+Music`, `Texts+Calendar`): comma-separated
    case noteNames
    case intervalNames
    case weekdayNames
    case monthNames
    // An interval's direction, a repeated warning's count (`Texts+Music`)
    case intervalUp
    case intervalDown
    case repeatedWarningNote
    // The C library's words for system errors (SystemWords)
    case systemOperationNotPermitted
    case systemNoSuchFile
    case systemInputOutput
    case systemNoSuchDeviceOrAddress
    case systemTryAgain
    case systemNoMemory
    case systemPermissionDenied
    case systemBusy
    case systemFileExists
    case systemNoSuchDevice
    case systemNotADirectory
    case systemIsADirectory
    case systemInvalidArgument
    case systemNoSpace
    case systemReadOnly
    case systemBrokenPipe
    case systemStreamsPipe
    case systemQuota
    case systemAddressInUse
    case systemAddressNotAvailable
    // A step of ALSA that failed, with the system's words (PeachSound's AudioDeviceProblem,
    // PeachMIDI's SequencerHandle)
    case alsaStepFailed
}
