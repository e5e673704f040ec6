import PeachConfig
import PeachDomain
import PeachText

/// One setting of the settings page: its key path in the configuration (also the form field's
/// name), its label, and what the form offers for it.
struct SettingsField: Sendable {
    enum Kind: Sendable {
        /// A number in `range`; `whole`: no decimals (`velocity`).
        case number(ClosedRange<Double>, unit: String, whole: Bool)
        /// One of fixed words, written as they are in the file ("": unset, `null`).
        case word([String])
        case onOff
        /// The lowest and highest note (fields `KEY.lowest`, `KEY.highest`).
        case noteRange
        /// Boxes, one per directed interval (field `KEY`, sent once per box ticked).
        case intervals
        /// A SoundFont and one of its presets, from the box's list (field `sound`).
        case sound
        /// An audio output from the box's list.
        case audioOutput
        /// Mapping assignments: rows `assign.N.match` and `assign.N.mapping`.
        case assignments
    }

    let key: String
    let label: WebText
    let kind: Kind

    /// The page's settings, in the configuration file's order. Buffer sizes, real-time priority, the
    /// mappings directory and the dashboard's own address stay the administrator's.
    static let all: [SettingsField] = [
        SettingsField(key: "training.note-range", label: .dashboardSettingNoteRange, kind: .noteRange),
        SettingsField(key: "training.note-duration", label: .dashboardSettingNoteDuration,
                      kind: .number(NoteDuration.validRange, unit: "s", whole: false)),
        SettingsField(key: "training.note-gap", label: .dashboardSettingNoteGap, kind: .number(NoteGap.validRange, unit: "s", whole: false)),
        SettingsField(key: "training.reference-pitch", label: .dashboardSettingReferencePitch,
                      kind: .number(TrainingSettings.referencePitchRange, unit: "Hz", whole: false)),
        SettingsField(key: "training.vary-loudness", label: .dashboardSettingVaryLoudness, kind: .number(0...1, unit: "", whole: false)),
        SettingsField(key: "training.intervals", label: .dashboardSettingIntervals, kind: .intervals),
        SettingsField(key: "training.tuning-system", label: .dashboardSettingTuningSystem, kind: .word(TuningSystem.allCases.map(\.rawValue))),
        SettingsField(key: "training.velocity", label: .dashboardSettingVelocity, kind: .number(1...127, unit: "", whole: true)),
        SettingsField(key: "training.staircase", label: .dashboardSettingStaircase, kind: .word(StaircaseRule.allCases.map(\.rawValue))),
        SettingsField(key: "training.focus", label: .dashboardSettingFocus, kind: .number(0...1, unit: "", whole: false)),
        SettingsField(key: "training.pitch-matching.initial-offset-range", label: .dashboardSettingInitialOffsetRange,
                      kind: .number(0...600, unit: "ct", whole: false)),
        SettingsField(key: "training.pitch-matching.tuning-range", label: .dashboardSettingTuningRange,
                      kind: .number(1...1200, unit: "ct", whole: false)),
        SettingsField(key: "sound", label: .dashboardSettingSound, kind: .sound),
        SettingsField(key: "feedback.cues", label: .dashboardSettingCues, kind: .onOff),
        SettingsField(key: "feedback.cue-level", label: .dashboardSettingCueLevel,
                      kind: .number(FeedbackSettings.cueLevelRange, unit: "dB", whole: false)),
        SettingsField(key: "feedback.lights", label: .dashboardSettingLights, kind: .onOff),
        SettingsField(key: "feedback.voice", label: .dashboardSettingVoice, kind: .onOff),
        SettingsField(key: "feedback.voice-level", label: .dashboardSettingVoiceLevel,
                      kind: .number(FeedbackSettings.voiceLevelRange, unit: "dB", whole: false)),
        SettingsField(key: "language", label: .dashboardSettingLanguage, kind: .word([""] + Language.allCases.map(\.rawValue))),
        SettingsField(key: "audio.device", label: .dashboardSettingAudioOutput, kind: .audioOutput),
        SettingsField(key: "controllers.assign", label: .dashboardSettingAssignments, kind: .assignments),
    ]

    /// The configuration keys this field sets.
    var keys: [String] { if case .sound = kind { ["sound.soundfont", "sound.preset"] } else { [key] } }

    /// The field whose setting `key` (a key path, or a section of one) is.
    static func owning(_ key: String) -> SettingsField? {
        all.first { $0.keys.contains(key) } ?? all.first { $0.key.hasPrefix(key + ".") }
    }

    /// Every directed interval the boxes offer, as the file writes them (`P1`, `m3 down`).
    static let intervals: [String] = Interval.allCases.flatMap { interval -> [String] in
        interval == .prime ? ["P1"] : [interval.abbreviation + " up", interval.abbreviation + " down"]
    }

    /// Every note of the playable range, by name (`A0` … `C8`).
    static let notes: [String] = (NoteRange.limits.lowerBound.rawValue...NoteRange.limits.upperBound.rawValue).compactMap { MIDINote(validating: $0)?.name }
}
