import PeachText

/// PeachConfig's texts, by their keys in the tables: the configuration template's comments and the
/// errors of configuration and listener files.
public enum ConfigText: String, TextKeys {
    // The configuration template's comments
    case configAudioDevice
    case configAudioPeriodFrames
    case configAudioPeriods
    case configAudioRealtimePriority
    case configAudioGrowBuffer
    case configAudioExtraLatencyMs
    case configControllersAssign
    case configControllersMappingsDirectory
    case configFeedbackCueLevel
    case configFeedbackCues
    case configFeedbackLights
    case configFeedbackVoice
    case configFeedbackVoiceLevel
    case configHeader
    case configLanguage
    case configSoundPreset
    case configSoundSoundfont
    case configTrainingFocus
    case configTrainingIntervals
    case configTrainingNoteDuration
    case configTrainingNoteGap
    case configTrainingNoteRange
    case configTrainingPitchMatchingInitialOffsetRange
    case configTrainingPitchMatchingTuningRange
    case configTrainingReferencePitch
    case configTrainingRhythmTempo
    case configTrainingRhythmGapPositions
    case configTrainingStaircase
    case configTrainingTuningSystem
    case configTrainingVaryLoudness
    case configTrainingVelocity
    case configWebListen
    // Configuration and listener file errors
    case configErrorNoSuchFile
    case configErrorLanguage
    case configErrorListen
    case configErrorNoteDuration
    case configErrorNoteGap
    case configErrorTuningRange
    case configErrorNotANote
    case configErrorNoteOutsidePlayable
    case configErrorNoteRangeReversed
    case configErrorNoteRangeTooNarrow
    case configErrorNoInterval
    case configErrorNotAnInterval
    case configErrorNotADirection
    case configErrorNoGapPosition
    case configErrorNotAGapPosition
    case configErrorSoundFont
    case configErrorPreset
    case configErrorNoDevice
    case configErrorMappingsDirectory
    case configErrorAlreadyAssigned
    case configErrorUnknownMapping
    // The settings file
    case settingsLeftOut
    case settingsNotWritten
    case listenerErrorEmpty
    case listenerErrorNoThreshold
    case listenerErrorNotANote
    case listenerErrorAlreadyGiven
}

extension Texts {
    /// The text of `key` with its placeholders filled in.
    public func text(_ key: ConfigText, _ arguments: any TextArgument...) -> String {
        text(of: key, arguments: arguments)
    }
}
