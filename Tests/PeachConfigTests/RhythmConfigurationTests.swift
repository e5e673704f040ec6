import Foundation
import PeachConfig
import PeachDomain
import PeachText
import PeachYAML
import Testing

@Suite("Configuration file: the rhythm modes' settings")
struct RhythmConfigurationTests {
    let reader = ConfigurationReader()

    @Test("tempo 80, every gap position and no extra latency by default")
    func defaults() throws {
        let rhythm = try reader.read("", file: "c.yaml").configuration.training.rhythm
        #expect(rhythm.tempo.rawValue == 80)
        #expect(rhythm.gapPositions == [.beat, .e, .and, .a])
        #expect(rhythm.extraLatencyMs == 0)
    }

    @Test("tempo, gap positions and extra latency are read into the training settings, each with its line")
    func read() throws {
        let text = """
            training:
              rhythm:
                tempo: 132
                gap-positions: [and, beat]
            audio:
              extra-latency-ms: 12.5
            """
        let result = try reader.read(text, file: "/etc/peach/config.yaml")
        let rhythm = result.configuration.training.rhythm
        #expect(rhythm.tempo.rawValue == 132)
        #expect(rhythm.gapPositions == [.beat, .and])
        #expect(rhythm.extraLatencyMs == 12.5)
        #expect(result.origins["training.rhythm.tempo"] == "/etc/peach/config.yaml:3")
        #expect(result.origins["training.rhythm.gap-positions"] == "/etc/peach/config.yaml:4")
        #expect(result.origins["audio.extra-latency-ms"] == "/etc/peach/config.yaml:6")
    }

    @Test("one gap position may be written without a list")
    func singlePosition() throws {
        let rhythm = try reader.read("training:\n  rhythm:\n    gap-positions: e\n", file: "c.yaml").configuration.training.rhythm
        #expect(rhythm.gapPositions == [.e])
    }

    static let invalid: [(yaml: String, line: Int, fragment: String)] = [
        ("training:\n  rhythm:\n    tempo: 39", 3, "training.rhythm.tempo: 39 is out of range 40…200"),
        ("training:\n  rhythm:\n    tempo: 201", 3, "out of range 40…200"),
        ("training:\n  rhythm:\n    tempo: 80.5", 3, "whole number"),
        ("training:\n  rhythm:\n    gap-positions: []", 3, "name at least one gap position: beat, e, and or a"),
        ("training:\n  rhythm:\n    gap-positions: [beat, two]", 3, "`two` is not a gap position; write beat, e, and or a"),
        ("training:\n  rhythm:\n    temp: 80", 3, "unknown key `temp`"),
        ("training:\n  rhythm: 80", 2, "expected a mapping"),
        ("audio:\n  extra-latency-ms: 300", 2, "audio.extra-latency-ms: 300.0 is out of range 0…250"),
        ("audio:\n  extra-latency-ms: -1", 2, "out of range 0…250"),
        ("audio:\n  extra-latency-ms: long", 2, "expected a number"),
    ]

    @Test("a wrong rhythm setting is rejected with its line and what is wrong", arguments: invalid)
    func rejected(_ yaml: String, line: Int, fragment: String) {
        do {
            _ = try reader.read(yaml, file: "config.yaml")
            Issue.record("accepted: \(yaml)")
        } catch {
            #expect(error.errors.first?.line == line, "\(error)")
            #expect(error.errors.first?.description.hasPrefix("config.yaml:\(line):") == true, "\(error)")
            #expect(error.description.contains(fragment), "\(error)")
        }
    }

    @Test("every wrong gap position is reported at its column, in the configured language")
    func everyPosition() {
        let yaml = "training:\n  rhythm:\n    gap-positions: [one, and, three]\n"
        do {
            _ = try ConfigurationReader(texts: Texts(.german)).read(yaml, file: "c.yaml")
            Issue.record("accepted")
        } catch {
            #expect(error.errors.map(\.description) == [
                "c.yaml:3:21: training.rhythm.gap-positions[0]: `one` ist keine Lückenposition; schreib beat, e, and oder a",
                "c.yaml:3:31: training.rhythm.gap-positions[2]: `three` ist keine Lückenposition; schreib beat, e, and oder a",
            ])
        }
    }

    @Test("the effective configuration prints them where they are read, and reads back the same")
    func printed() throws {
        let text = "training:\n  rhythm:\n    tempo: 60\n    gap-positions: [a, e]\naudio:\n  extra-latency-ms: 7\n"
        let result = try reader.read(text, file: "c.yaml")
        let printed = ConfigurationPrinter.effective(result.configuration, origins: result.origins)
        #expect(printed.contains("    tempo: 60  # c.yaml:3"))
        #expect(printed.contains("    gap-positions: [e, a]  # c.yaml:4"))
        #expect(printed.contains("  extra-latency-ms: 7.0  # c.yaml:6"))
        #expect(try reader.read(printed, file: "printed.yaml").configuration == result.configuration)
    }

    @Test("the default file names them with their ranges, in both languages")
    func defaultFile() {
        let english = ConfigurationPrinter.defaultFile(texts: .english)
        #expect(english.contains("#    tempo: 80   # the rhythm modes' tempo in beats per minute, 40–200"))
        #expect(english.contains("#    gap-positions: [beat, e, and, a]   # Fill the Gap"))
        #expect(english.contains("#  extra-latency-ms: 0.0   # milliseconds the sound takes"))
        #expect(ConfigurationPrinter.defaultFile(texts: Texts(.german)).contains("Schlägen pro Minute, 40–200"))
    }
}
