import PeachText

/// PeachBoxRuntime's texts, by their keys in the tables: `peach run`'s start, its log lines and
/// answers, its checks and its voice.
public enum BoxRuntimeText: String, TextKeys {
    // peach run: start-up failures and log lines
    case runAudioUnderrun
    case runStoppedDuringStart
    case runConfigurationInvalid
    case runCannotOpenHistory
    case runCannotReadHistory
    case runMemoryNotLocked
    case runAudioThreadRefused
    case runAudioThread
    case runAudioOutput
    case runAudioMissingAtStart
    case runJournalRefused
    case runMappingSkipped
    case runWaitingForSequencer
    case runWaitingForSequencerWithKeyboard
    case runNoSoundCardMonitor
    case runSilencingFailed
    case runStopped
    case runClosingFailed
    case runHangUpDuringStart
    case runSignalStopping
    case runConfigurationReread
    case runConfigurationRereadWithSettings
    case runSettingChanged
    case runTestNote
    case runSettingsSoundFailed
    case runTestNoteRefused
    case runTestNoteFailed
    case runLanguageChanged
    case runNeedsRestart
    case runConfigurationNotReread
    case runBufferEnlarged
    case runBufferRefused
    case runSoundCardRemoved
    case runSequencerThere
    case runControllerConnected
    case runTerminalWentAway
    case runCueFailed
    // Answers
    case answerHigher
    case answerEarly
    case answerLate
    case answerLower
    // Log lines of answers
    case logComparison
    case logPitchMatching
    case logTiming
    case logGapFill
    // peach run on a terminal
    case runKeysHeader
    case keyboardHelp
    // Measuring the SoundFont's keys before the box starts (SoundSelection)
    case soundMeasuring
    case soundUnstableManyKeys
    case soundUnstableKeys
    case soundUnstableWarning
    // What `peach run --check` reports (RunChecks)
    case checkDeviceName
    case checkUnknownMapping
    case checkOriginConfiguration
    // The voice: its prompts, and `peach speak` failing (SpeechAnnouncer, SpeechFailureText)
    case speakCannotSynthesise
    case speakCannotSynthesisePrompts
    case speechEngineDidNotStart
    case speechNoVoice
    case speechRefused
    case speechProgramDidNotStart
    case speechProgramExited
    case speechProgramSignalled
    case speechProgramStopped
    case speechProgramSaid
    case speakCannotSay
    case speakPromptsReady
    case speakVoiceOff
}

extension Texts {
    /// The text of `key` with its placeholders filled in.
    public func text(_ key: BoxRuntimeText, _ arguments: any TextArgument...) -> String {
        text(of: key, arguments: arguments)
    }
}
