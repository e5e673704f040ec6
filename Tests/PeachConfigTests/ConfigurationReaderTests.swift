import Foundation
import PeachConfig
import PeachDomain
import PeachText
import PeachYAML
import Testing

@Suite("Configuration file")
struct ConfigurationReaderTests {
    let reader = ConfigurationReader(knownMappings: ["generic", "akai-mpk-mini-mk3"])

    @Test("an empty file means every default")
    func empty() throws {
        let result = try reader.read("# nothing yet\n", file: "config.yaml")
        #expect(result.configuration == PracticeConfiguration())
        #expect(result.origins.isEmpty)
    }

    @Test("every setting is read, and remembered with its line")
    func full() throws {
        let text = """
            training:
              note-range: {lowest: A2, highest: 72}
              note-duration: 0.5
              note-gap: 1.5
              reference-pitch: 442
              vary-loudness: 0.5
              intervals: [P5 up, m3 down, P1]
              tuning-system: justIntonation
              velocity: 90
              staircase: kazez
              focus: 0.4
              pitch-matching:
                initial-offset-range: 20
                tuning-range: 20
            sound:
              preset: "0:1"
            feedback:
              cues: false
              cue-level: -30
              lights: false
              voice: false
              voice-level: -12
            audio:
              device: plughw:CARD=Loopback,DEV=0
              period-frames: 128
              periods: 4
              realtime-priority: 50
              grow-buffer: false
            controllers:
              assign:
                - {match: "Keystation*", mapping: generic}
            language: de
            """
        let result = try reader.read(text, file: "/etc/peach/config.yaml")
        let configuration = result.configuration
        let training = configuration.training
        #expect(training.noteRange == (try NoteRange(lowest: MIDINote(45), highest: MIDINote(72))))
        #expect(training.noteDuration.seconds == 0.5)
        #expect(training.noteGap.seconds == 1.5)
        #expect(training.referencePitch == Frequency(442))
        #expect(training.loudnessVariation == 0.5)
        #expect(training.intervals == [DirectedInterval(.perfectFifth, .up), DirectedInterval(.minorThird, .down), .prime])
        #expect(training.tuningSystem == .justIntonation)
        #expect(training.velocity == MIDIVelocity(90))
        #expect(training.staircase == .kazez)
        #expect(training.focus == 0.4)
        #expect(TrainingSettings().staircase == .seventyFivePercent && TrainingSettings().focus == 0)
        #expect(training.pitchMatchingInitialOffsetRange == Cents(20))
        #expect(training.pitchMatchingTuningRange == Cents(20))
        #expect(configuration.sound == SoundChoice(soundFont: nil, bank: 0, program: 1))
        #expect(configuration.feedback == FeedbackSettings(cues: false, cueLevel: AmplitudeDB(-30), lights: false,
                                                             voice: false, voiceLevel: AmplitudeDB(-12)))
        #expect(configuration.language == .german && PracticeConfiguration().language == nil)
        #expect(result.origins["language"] == "/etc/peach/config.yaml:32")
        #expect(configuration.audio == AudioSettings(device: "plughw:CARD=Loopback,DEV=0", periodFrames: 128, periods: 4,
                                                     realtimePriority: 50, growsBuffer: false))
        #expect(AudioSettings().realtimePriority == 70)
        #expect(configuration.controllers.assignments == [MappingAssignment(pattern: "Keystation*", mapping: "generic")])
        #expect(result.origins["training.note-duration"] == "/etc/peach/config.yaml:3")
        #expect(result.origins["training.note-gap"] == "/etc/peach/config.yaml:4")
        #expect(result.origins["training.pitch-matching.tuning-range"] == "/etc/peach/config.yaml:14")
        #expect(result.origins["audio.periods"] == "/etc/peach/config.yaml:26")
    }

    static let invalid: [(yaml: String, line: Int, fragment: String)] = [
        ("training:\n  note-range: {lowest: C4, highest: E4}", 2, "at least 12"),
        ("training:\n  note-range: {lowest: C0, highest: C4}", 2, "C0 (12) is outside the playable range A0…C8 (21…108)"),
        ("training:\n  note-range: {lowest: C6, highest: C2}", 2, "the lowest note C6 is above the highest C2; swap them"),
        ("training:\n  note-range: {lowest: C4, highest: B4}", 2, "the note range spans 11 semitones; it must span at least 12"),
        ("training:\n  note-range: {lowest: H2, highest: C4}", 2, "`H2` is not a note"),
        ("training:\n  note-range: {lowest: C2}", 2, "missing required key `highest`"),
        ("training:\n  note-duration: 0.2", 2, "out of range 0.3…3"),
        ("training:\n  note-duration: long", 2, "expected a number"),
        ("training:\n  note-gap: 6", 2, "out of range 0…5"),
        ("training:\n  note-gap: -1", 2, "out of range 0…5"),
        ("training:\n  reference-pitch: 520", 2, "out of range 380…500"),
        ("training:\n  vary-loudness: 2", 2, "out of range 0…1"),
        ("training:\n  intervals: [P5 up, X9]", 2, "`X9` is not an interval"),
        ("training:\n  intervals: [P5 sideways]", 2, "`sideways` is not a direction"),
        ("training:\n  intervals: []", 2, "at least one interval"),
        ("training:\n  tuning-system: pythagorean", 2, "expected one of: equalTemperament, justIntonation"),
        ("training:\n  velocity: 0", 2, "out of range 1…127"),
        ("training:\n  staircase: quest", 2, "expected one of: 75-percent, kazez"),
        ("training:\n  focus: 1.5", 2, "out of range 0…1"),
        ("training:\n  pitch-matching:\n    initial-offset-range: 50\n    tuning-range: 20", 3, "some targets could not be reached"),
        ("sound:\n  soundfont: /nonexistent/piano.sf2", 2, "does not exist"),
        ("sound:\n  preset: piano", 2, "BANK:PROGRAM"),
        ("sound:\n  preset: \"0:128\"", 2, "BANK:PROGRAM"),
        ("feedback:\n  cues: maybe", 2, "expected true or false"),
        ("feedback:\n  voice-level: 10", 2, "out of range -30…6"),
        ("language: fr", 1, "write the language as en or de"),
        ("feedback:\n  cue-level: 0", 2, "out of range -40…-6"),
        ("audio:\n  device: \"  \"", 2, "name an ALSA device"),
        ("audio:\n  period-frames: 10", 2, "out of range 32…8192"),
        ("audio:\n  periods: 1", 2, "out of range 2…16"),
        ("audio:\n  realtime-priority: 120", 2, "out of range 0…99"),
        ("controllers:\n  mappings-directory: /nonexistent/mappings", 2, "does not exist"),
        ("controllers:\n  assign:\n    - {match: \"K*\", mapping: nope}", 3, "no mapping named `nope`"),
        ("controllers:\n  assign:\n    - {match: \"K*\", mapping: generic}\n    - {match: \"K*\", mapping: generic}", 4,
         "already assigned on line 3"),
        ("web:\n  listen: 8080", 2, "HOST:PORT"),
        ("web:\n  listen: \"0.0.0.0:99999\"", 2, "HOST:PORT"),
        ("web:\n  port: 8080", 2, "unknown key `port`"),
        ("training:\n  note-duraton: 1.0", 2, "did you mean `note-duration`?"),
        ("sounds:\n  preset: \"0:0\"", 1, "unknown key `sounds`"),
        ("training: [1, 2]", 1, "expected a mapping"),
        ("training:\n  note-duration: 1.0\n   reference-pitch: 440", 3, "YAML syntax"),
    ]

    @Test("every invalid value is rejected with its line and what is wrong", arguments: invalid)
    func rejected(_ yaml: String, line: Int, fragment: String) {
        do {
            _ = try reader.read(yaml, file: "config.yaml")
            Issue.record("accepted: \(yaml)")
        } catch {
            let first = error.errors.first
            #expect(first?.line == line, "\(error)")
            #expect(first?.description.hasPrefix("config.yaml:\(line):") == true, "\(error)")
            #expect(error.description.contains(fragment), "\(error)")
        }
    }

    @Test("every wrong item of a list, and both ends of a note range, are reported, each at its column")
    func everyProblem() throws {
        for (yaml, expected) in [
            ("training:\n  intervals: [P5 up, X9 down, P5 sideways, M3]",
             ["config.yaml:2:22: training.intervals[1]: `X9 down` is not an interval",
              "config.yaml:2:31: training.intervals[2]: `sideways` is not a direction"]),
            ("training:\n  note-range: {lowest: 20, highest: 109}",
             ["config.yaml:2:24: training.note-range.lowest: G#0 (20) is outside the playable range A0…C8 (21…108)",
              "config.yaml:2:37: training.note-range.highest: C#8 (109) is outside the playable range A0…C8 (21…108)"]),
        ] {
            do {
                _ = try reader.read(yaml, file: "config.yaml")
                Issue.record("accepted: \(yaml)")
            } catch {
                let said = error.errors.map(\.description)
                #expect(said.count == expected.count && zip(said, expected).allSatisfy { $0.hasPrefix($1) }, "\(said)")
            }
        }
    }

    @Test("a note range's problems are said in the configured language")
    func noteRangeInGerman() {
        let german = ConfigurationReader(texts: Texts(.german))
        for (yaml, fragment) in [("training:\n  note-range: {lowest: C6, highest: C2}", "der tiefste Ton C6 liegt über dem höchsten C2"),
                                 ("training:\n  note-range: {lowest: C4, highest: B4}", "der Tonbereich umfasst 11 Halbtöne"),
                                 ("training:\n  note-range: {lowest: C0, highest: C4}", "außerhalb des spielbaren Bereichs")] {
            #expect(throws: YAMLErrors.self) { try german.read(yaml, file: "config.yaml") }
            do { _ = try german.read(yaml, file: "config.yaml") } catch {
                #expect(error.description.contains(fragment), "\(error)")
            }
        }
    }

    @Test("web.listen: the dashboard's address, loopback by default, printed with its line")
    func webListen() throws {
        #expect(PracticeConfiguration().web.listen == "127.0.0.1:8080")
        let result = try reader.read("web:\n  listen: \"0.0.0.0:8080\"\n", file: "/etc/peach/config.yaml")
        #expect(result.configuration.web.listen == "0.0.0.0:8080")
        let printed = ConfigurationPrinter.effective(result.configuration, origins: result.origins)
        #expect(printed.contains("listen: \"0.0.0.0:8080\""))
        #expect(printed.split(separator: "\n").contains { $0.contains("listen:") && $0.contains("/etc/peach/config.yaml:2") })
    }

    @Test("every problem in a file is reported, not just the first")
    func allProblems() {
        let text = "training:\n  velocity: 300\n  reference-pitch: 1\naudio:\n  periods: 99\n"
        #expect(throws: YAMLErrors.self) { try reader.read(text, file: "c.yaml") }
        do {
            _ = try reader.read(text, file: "c.yaml")
        } catch {
            #expect(error.errors.map(\.line) == [2, 3, 5])
        }
    }

    @Test("a relative SoundFont path is relative to the configuration file")
    func relativeSoundFont() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("peach-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("RIFF".utf8).write(to: directory.appendingPathComponent("piano.sf2"))
        let result = try reader.read("sound:\n  soundfont: piano.sf2\n", file: directory.appendingPathComponent("config.yaml").path)
        #expect(result.configuration.sound.soundFont == directory.appendingPathComponent("piano.sf2").standardizedFileURL.path)
    }

    @Test("the printed effective configuration reads back to the same configuration, with origins")
    func printedRoundTrip() throws {
        let text = "training:\n  note-duration: 0.7\n  intervals: [M3 down, P8 up]\naudio:\n  device: hw:1,0\n"
        let result = try reader.read(text, file: "c.yaml")
        let printed = ConfigurationPrinter.effective(result.configuration, origins: result.origins)
        #expect(printed.contains("note-duration: 0.7  # c.yaml:2"))
        #expect(printed.contains("reference-pitch: 440.0  # default"))
        #expect(try reader.read(printed, file: "printed.yaml").configuration == result.configuration)
    }

    @Test("the default file is valid and means the defaults")
    func defaultFile() throws {
        let result = try reader.read(ConfigurationPrinter.defaultFile(texts: .english), file: "default.yaml")
        #expect(result.configuration == PracticeConfiguration())
        let uncommented = ConfigurationPrinter.defaultFile(texts: .english).split(separator: "\n")
            .map { $0.hasPrefix("#  ") ? String($0.dropFirst()) : String($0) }
            .map { $0.components(separatedBy: "   # ")[0] }
            .joined(separator: "\n")
        #expect(try reader.read(uncommented, file: "default.yaml").configuration == PracticeConfiguration())
    }
}

@Suite("Configuration location and reload")
@MainActor
struct LiveConfigurationTests {
    @Test("--config, then an absolute XDG_CONFIG_HOME, then ~/.config")
    func location() {
        #expect(ConfigurationLocation(explicit: "/etc/peach/config.yaml", environment: [:]).file.path == "/etc/peach/config.yaml")
        #expect(ConfigurationLocation(explicit: nil, environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/home/p"]).file.path
                == "/x/peach/config.yaml")
        #expect(ConfigurationLocation(explicit: nil, environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/home/p"]).file.path
                == "/home/p/.config/peach/config.yaml")
    }

    @Test("a reload applies a valid file and keeps the running configuration when the file is wrong")
    func reload() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("peach-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("config.yaml")
        try Data("training:\n  note-duration: 0.5\n".utf8).write(to: file)
        let live = try LiveConfiguration(location: ConfigurationLocation(explicit: file.path), reader: ConfigurationReader())
        #expect(live.currentSettings.noteDuration.seconds == 0.5)
        try Data("training:\n  note-duration: 2.0\n".utf8).write(to: file)
        try live.reload()
        #expect(live.currentSettings.noteDuration.seconds == 2.0)
        try Data("training:\n  note-duration: 9\n".utf8).write(to: file)
        #expect(throws: YAMLErrors.self) { try live.reload() }
        #expect(live.currentSettings.noteDuration.seconds == 2.0)
    }

    @Test("a missing default file means defaults; a missing explicit file is an error")
    func missing() throws {
        let absent = "/nonexistent/peach/config.yaml"
        #expect(try LiveConfiguration(location: ConfigurationLocation(explicit: nil, environment: ["XDG_CONFIG_HOME": "/nonexistent"]),
                                      reader: ConfigurationReader())
            .configuration == PracticeConfiguration())
        #expect(throws: YAMLErrors.self) {
            try LiveConfiguration(location: ConfigurationLocation(explicit: absent), reader: ConfigurationReader())
        }
    }
}
