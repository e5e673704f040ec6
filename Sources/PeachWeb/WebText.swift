import PeachText

/// PeachWeb's texts, by their keys in the tables: the dashboard's pages (`{{t.key}}` in a template is
/// the text of `key`) and the messages of its program, `peach-web`, which keeps its keys here: the
/// tests can walk a library's keys, not a program's.
public enum WebText: String, TextKeys {
    // The dashboard's program (`peach-web`): where it listens, its banner, its token
    case webListenInvalid
    case webCannotListen
    case webNoSuchHost
    case webBanner
    case webBannerWithToken
    case webTokenNotKept
    // The dashboard (`peach web`): its pages and the import form's messages.
    case dashboardProfile
    case dashboardProgress
    case dashboardMatching
    case dashboardHistory
    case dashboardData
    case dashboardNotRunning
    case dashboardEmpty
    case dashboardNoAnswers
    case dashboardNoMatchAnswers
    case dashboardAnswerCount
    case dashboardMatchAnswerCount
    case dashboardCents
    case dashboardMilliseconds
    case dashboardProfileIntro
    case dashboardCountsTitle
    case dashboardCountsLegend
    case dashboardProgressIntro
    case dashboardSession
    case dashboardDay
    case dashboardWeek
    case dashboardMonth
    case dashboardWeekOf
    case dashboardDayLabel
    case dashboardMonthLabel
    case dashboardWhen
    case dashboardAnswers
    case dashboardThreshold
    case dashboardMeanErrorCents
    case dashboardMeanError
    case dashboardBias
    case dashboardSpread
    case dashboardBiasHeading
    case dashboardSpreadHeading
    case dashboardTimingSummary
    case dashboardGapFillSummary
    case dashboardTimingExplained
    case dashboardGapFillExplained
    case dashboardEarly
    case dashboardLate
    case dashboardTrials
    case dashboardHits
    case dashboardMisses
    case dashboardMatchingIntro
    case dashboardEveryMode
    case dashboardShow
    case dashboardTime
    case dashboardMode
    case dashboardNotes
    case dashboardOffsetOrError
    case dashboardResult
    case dashboardNoAnswersAtAll
    case dashboardNoAnswersInMode
    case dashboardExport
    case dashboardExportLink
    case dashboardExportFormat
    case dashboardImport
    case dashboardImportReplace
    case dashboardImportButton
    case dashboardImportRule
    case dashboardConfiguration
    case dashboardMegabytes
    case dashboardImported
    case dashboardNotImported
    case dashboardBack
    case dashboardUploadForeign
    case dashboardUploadTooLarge
    case dashboardUploadExpired
    case dashboardUploadedFile
    case dashboardUploadNoFile
    case dashboardUploadReplaceWithNothing
    case dashboardHistoryNotCreated
    case dashboardHistoryChanged
    case dashboardFailed
    case dashboardLoopbackOnly
    case dashboardTokenNeeded
    case dashboardSettings
    case dashboardSettingNoteRange
    case dashboardSettingNoteDuration
    case dashboardSettingNoteGap
    case dashboardSettingReferencePitch
    case dashboardSettingVaryLoudness
    case dashboardSettingIntervals
    case dashboardSettingTuningSystem
    case dashboardSettingVelocity
    case dashboardSettingStaircase
    case dashboardSettingFocus
    case dashboardSettingInitialOffsetRange
    case dashboardSettingTuningRange
    case dashboardSettingSound
    case dashboardSettingCues
    case dashboardSettingCueLevel
    case dashboardSettingLights
    case dashboardSettingVoice
    case dashboardSettingVoiceLevel
    case dashboardSettingLanguage
    case dashboardSettingAudioOutput
    case dashboardSettingAssignments
    case dashboardSettingPattern
    case dashboardSettingMapping
    case dashboardSettingNoAssignment
    case dashboardSettingUnset
    case dashboardSettingNotOffered
    case dashboardSettingRange
    case dashboardSettingOn
    case dashboardSettingOff
    case dashboardOriginDefault
    case dashboardOriginAdministrator
    case dashboardOriginSettings
    case dashboardSettingsIntro
    case dashboardSettingsNoList
    case dashboardSettingsNoSoundFonts
    case dashboardSettingsSave
    case dashboardSettingsSaved
    case dashboardSettingsUnchanged
    case dashboardSettingsNotSaved
    case dashboardSettingsNotSavedTitle
    case dashboardSettingsExpired
    case dashboardSettingsFormTooLarge
    case dashboardSettingsFileHeader
    case dashboardSettingChanged
    case dashboardTestNote
    case dashboardTestNoteAsked
    case dashboardTestNoteNoBox
}

extension Texts {
    /// The text of `key` with its placeholders filled in.
    public func text(_ key: WebText, _ arguments: any TextArgument...) -> String {
        text(of: key, arguments: arguments)
    }
}
