import Foundation
import PeachDomain
import PeachText

/// Writes a configuration as the YAML the reader takes, each value annotated with where it came from.
public enum ConfigurationPrinter {
    /// The effective configuration; `origins` from `ConfigurationReader` (values missing there are defaults).
    public static func effective(_ configuration: PracticeConfiguration,
                                 origins: ConfigurationReader.Origins = [:]) -> String {
        lines(configuration).map { line in
            guard let key = line.key else { return line.text }
            return line.text + "  # " + (origins[key] ?? "default")
        }.joined(separator: "\n") + "\n"
    }

    /// A configuration file with every setting at its default, commented out, to edit; its comments
    /// in the language of `texts`.
    public static func defaultFile(texts: Texts) -> String {
        var text = texts.text(.configHeader).split(separator: "\n", omittingEmptySubsequences: false)
            .map { "# " + $0 + "\n" }.joined() + "\n"
        for line in lines(PracticeConfiguration()) {
            if line.key == nil && !line.text.hasPrefix(" ") {
                text += line.text + "\n"
            } else if let key = line.key {
                text += "#" + line.text + (help[key].map { "   # " + texts.text($0) } ?? "") + "\n"
            } else {
                text += "#" + line.text + "\n"
            }
        }
        return text
    }

    /// Each setting's value as a file writes it (`{lowest: C2, highest: C6}`, `"0:0"`), by key path,
    /// in the template's order.
    public static func values(_ configuration: PracticeConfiguration) -> [(key: String, value: String)] {
        lines(configuration).compactMap { line in
            guard let key = line.key, let colon = line.text.firstIndex(of: ":") else { return nil }
            return (key, String(line.text[line.text.index(after: colon)...].dropFirst()))
        }
    }

    /// The settings whose value differs between two configurations, in the template's order: key
    /// path, value before, value after (as the file writes them).
    public static func changes(from before: PracticeConfiguration, to after: PracticeConfiguration)
        -> [(key: String, old: String, new: String)] {
        zip(values(before), values(after)).compactMap { old, new in
            old.value == new.value ? nil : (old.key, old.value, new.value)
        }
    }

    /// Every key path a configuration has, in the template's order.
    public static var keys: [String] { values(PracticeConfiguration()).map(\.key) }

    /// A settings file with `values` (YAML values by key path, as `values(_:)` writes them) in the
    /// template's order and sections, after `header` (comment lines); with the key each line holds
    /// (1-based), so that a problem found on a line can be said of its setting.
    public static func settingsFile(_ values: [String: String], header: [String]) -> (text: String, keyAtLine: [Int: String]) {
        var lines = header.map { "# " + $0 }
        var keyAtLine: [Int: String] = [:]
        var opened: Set<String> = []
        for key in keys {
            guard let value = values[key] else { continue }
            let parts = key.split(separator: ".").map(String.init)
            for depth in 0..<(parts.count - 1) {
                let section = parts[0...depth].joined(separator: ".")
                guard !opened.contains(section) else { continue }
                opened.insert(section)
                lines.append(String(repeating: "  ", count: depth) + parts[depth] + ":")
                keyAtLine[lines.count] = section
            }
            lines.append(String(repeating: "  ", count: parts.count - 1) + parts[parts.count - 1] + ": " + value)
            keyAtLine[lines.count] = key
        }
        return (lines.joined(separator: "\n") + "\n", keyAtLine)
    }

    /// The comment of `key`'s setting in the template (what it is, its range).
    public static func help(for key: String) -> ConfigText? { help[key] }

    /// Each setting's comment in the template, by its key path.
    private static let help: [String: ConfigText] = [
        "training.note-range": .configTrainingNoteRange,
        "training.note-duration": .configTrainingNoteDuration,
        "training.note-gap": .configTrainingNoteGap,
        "training.reference-pitch": .configTrainingReferencePitch,
        "training.vary-loudness": .configTrainingVaryLoudness,
        "training.intervals": .configTrainingIntervals,
        "training.tuning-system": .configTrainingTuningSystem,
        "training.velocity": .configTrainingVelocity,
        "training.staircase": .configTrainingStaircase,
        "training.focus": .configTrainingFocus,
        "training.pitch-matching.initial-offset-range": .configTrainingPitchMatchingInitialOffsetRange,
        "training.pitch-matching.tuning-range": .configTrainingPitchMatchingTuningRange,
        "training.rhythm.tempo": .configTrainingRhythmTempo,
        "training.rhythm.gap-positions": .configTrainingRhythmGapPositions,
        "sound.soundfont": .configSoundSoundfont,
        "sound.preset": .configSoundPreset,
        "feedback.cues": .configFeedbackCues,
        "feedback.cue-level": .configFeedbackCueLevel,
        "feedback.lights": .configFeedbackLights,
        "feedback.voice": .configFeedbackVoice,
        "feedback.voice-level": .configFeedbackVoiceLevel,
        "audio.device": .configAudioDevice,
        "audio.period-frames": .configAudioPeriodFrames,
        "audio.periods": .configAudioPeriods,
        "audio.realtime-priority": .configAudioRealtimePriority,
        "audio.grow-buffer": .configAudioGrowBuffer,
        "audio.extra-latency-ms": .configAudioExtraLatencyMs,
        "controllers.mappings-directory": .configControllersMappingsDirectory,
        "controllers.assign": .configControllersAssign,
        "web.listen": .configWebListen,
        "language": .configLanguage,
    ]

    private struct Line {
        let text: String
        /// The value's key path; nil for section headers.
        let key: String?
    }

    private static func lines(_ configuration: PracticeConfiguration) -> [Line] {
        let training = configuration.training
        let intervals = training.intervals.sorted().map { interval in
            interval.interval == .prime ? "P1" : "\(interval.interval.abbreviation) \(interval.direction.rawValue)"
        }
        let sound = configuration.sound
        let feedback = configuration.feedback
        let audio = configuration.audio
        let controllers = configuration.controllers
        let assignments = controllers.assignments.map { "{match: \(quoted($0.pattern)), mapping: \(quoted($0.mapping))}" }
        return [
            Line(text: "training:", key: nil),
            Line(text: "  note-range: {lowest: \(training.noteRange.lowest.name), highest: \(training.noteRange.highest.name)}",
                 key: "training.note-range"),
            Line(text: "  note-duration: \(number(training.noteDuration.seconds))", key: "training.note-duration"),
            Line(text: "  note-gap: \(number(training.noteGap.seconds))", key: "training.note-gap"),
            Line(text: "  reference-pitch: \(number(training.referencePitch.rawValue))", key: "training.reference-pitch"),
            Line(text: "  vary-loudness: \(number(training.loudnessVariation))", key: "training.vary-loudness"),
            Line(text: "  intervals: [\(intervals.joined(separator: ", "))]", key: "training.intervals"),
            Line(text: "  tuning-system: \(training.tuningSystem.rawValue)", key: "training.tuning-system"),
            Line(text: "  velocity: \(training.velocity.rawValue)", key: "training.velocity"),
            Line(text: "  staircase: \(training.staircase.rawValue)", key: "training.staircase"),
            Line(text: "  focus: \(number(training.focus))", key: "training.focus"),
            Line(text: "  pitch-matching:", key: nil),
            Line(text: "    initial-offset-range: \(number(training.pitchMatchingInitialOffsetRange.rawValue))",
                 key: "training.pitch-matching.initial-offset-range"),
            Line(text: "    tuning-range: \(number(training.pitchMatchingTuningRange.rawValue))",
                 key: "training.pitch-matching.tuning-range"),
            Line(text: "  rhythm:", key: nil),
            Line(text: "    tempo: \(training.rhythm.tempo.rawValue)", key: "training.rhythm.tempo"),
            Line(text: "    gap-positions: [\(training.rhythm.gapPositions.sorted().map(\.name).joined(separator: ", "))]",
                 key: "training.rhythm.gap-positions"),
            Line(text: "sound:", key: nil),
            Line(text: "  soundfont: \(sound.soundFont.map(quoted) ?? "null")", key: "sound.soundfont"),
            Line(text: "  preset: \"\(sound.preset)\"", key: "sound.preset"),
            Line(text: "feedback:", key: nil),
            Line(text: "  cues: \(feedback.cues)", key: "feedback.cues"),
            Line(text: "  cue-level: \(number(feedback.cueLevel.rawValue))", key: "feedback.cue-level"),
            Line(text: "  lights: \(feedback.lights)", key: "feedback.lights"),
            Line(text: "  voice: \(feedback.voice)", key: "feedback.voice"),
            Line(text: "  voice-level: \(number(feedback.voiceLevel.rawValue))", key: "feedback.voice-level"),
            Line(text: "audio:", key: nil),
            Line(text: "  device: \(quoted(audio.device))", key: "audio.device"),
            Line(text: "  period-frames: \(audio.periodFrames)", key: "audio.period-frames"),
            Line(text: "  periods: \(audio.periods)", key: "audio.periods"),
            Line(text: "  realtime-priority: \(audio.realtimePriority)", key: "audio.realtime-priority"),
            Line(text: "  grow-buffer: \(audio.growsBuffer)", key: "audio.grow-buffer"),
            Line(text: "  extra-latency-ms: \(number(training.rhythm.extraLatencyMs))", key: "audio.extra-latency-ms"),
            Line(text: "controllers:", key: nil),
            Line(text: "  mappings-directory: \(controllers.mappingsDirectory.map(quoted) ?? "null")",
                 key: "controllers.mappings-directory"),
            Line(text: "  assign: [\(assignments.joined(separator: ", "))]", key: "controllers.assign"),
            Line(text: "web:", key: nil),
            Line(text: "  listen: \(quoted(configuration.web.listen))", key: "web.listen"),
            Line(text: "language: \(configuration.language?.rawValue ?? "null")", key: "language"),
        ]
    }

    /// A number as the file writes it: `1.0`, `0.25`.
    public static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e9 ? String(format: "%.1f", value) : String(value)
    }

    /// A text in double quotes, as the file writes it.
    public static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
