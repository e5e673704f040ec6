import Foundation
import PeachDomain

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

    /// A configuration file with every setting at its default, commented out, to edit.
    public static func defaultFile() -> String {
        var text = """
            # Peach for Linux configuration. Uncomment a line to change a setting; `peach config --check`
            # validates the file and `systemctl reload peach` (or SIGHUP) applies it from the next exercise.

            """
        for line in lines(PracticeConfiguration()) {
            if line.key == nil && !line.text.hasPrefix(" ") {
                text += line.text + "\n"
            } else if let key = line.key {
                text += "#" + line.text + (help[key].map { "   # \($0)" } ?? "") + "\n"
            } else {
                text += "#" + line.text + "\n"
            }
        }
        return text
    }

    private static let help: [String: String] = [
        "training.note-range": "names (C2, F#3) or MIDI numbers, 21–108, at least 12 semitones apart",
        "training.note-duration": "seconds, 0.3–3.0",
        "training.reference-pitch": "Hz for A4, 380–500",
        "training.vary-loudness": "0–1: the second note up to ±10 dB louder or softer",
        "training.intervals": "for the interval modes: P1 m2 M2 m3 M3 P4 d5 P5 m6 M6 m7 M7 P8, up or down",
        "training.tuning-system": "equalTemperament or justIntonation",
        "training.velocity": "MIDI velocity 1–127",
        "training.staircase": "75-percent (settles where you are right 75 % of the time) or kazez (the original rule)",
        "training.focus": "0–1: 0 draws notes evenly; 1 draws them where your threshold is highest or least certain",
        "training.pitch-matching.initial-offset-range": "cents: the note starts within ± this of the target",
        "training.pitch-matching.tuning-range": "cents for a full turn of the tuning control; at least the above",
        "sound.soundfont": "a .sf2 file; null = Peach's own sound",
        "sound.preset": "BANK:PROGRAM",
        "feedback.cues": "short noise cues after each answer",
        "feedback.cue-level": "dB relative to the training notes, -40 to -6",
        "feedback.lights": "LED feedback on controllers whose mapping defines it",
        "feedback.voice": "spoken prompts: the mode, the report, trouble and recovery",
        "feedback.voice-level": "dB relative to the training notes, -30 to 6",
        "audio.device": "ALSA PCM: default, hw:1,0, plughw:CARD=Headphones",
        "audio.period-frames": "frames per period at 48 kHz, 32–8192",
        "audio.periods": "periods in the buffer, 2–16",
        "audio.realtime-priority": "SCHED_FIFO priority of the audio thread, 1–99; 0 = normal scheduling",
        "audio.grow-buffer": "after repeated underruns, step up to a larger buffer by itself",
        "controllers.mappings-directory": "more mapping files, searched first",
        "controllers.assign": "e.g. [{match: \"Keystation*\", mapping: generic}]",
        "web.listen": "peach web's HOST:PORT; not loopback = the LAN, which needs the access token",
        "language": "en or de; null = from LC_ALL, LC_MESSAGES or LANG",
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
            Line(text: "controllers:", key: nil),
            Line(text: "  mappings-directory: \(controllers.mappingsDirectory.map(quoted) ?? "null")",
                 key: "controllers.mappings-directory"),
            Line(text: "  assign: [\(assignments.joined(separator: ", "))]", key: "controllers.assign"),
            Line(text: "web:", key: nil),
            Line(text: "  listen: \(quoted(configuration.web.listen))", key: "web.listen"),
            Line(text: "language: \(configuration.language?.rawValue ?? "null")", key: "language"),
        ]
    }

    private static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e9 ? String(format: "%.1f", value) : String(value)
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
