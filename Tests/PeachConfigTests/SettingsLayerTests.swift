import Foundation
import PeachConfig
import PeachDomain
import PeachText
import PeachYAML
import Testing

/// The settings file over the administrator's configuration file: defaults ← configuration file ←
/// settings file, each value's origin the file it came from; a damaged or invalid settings file is
/// left out with its problems said.
@Suite("Settings layer")
struct SettingsLayerTests {
    final class Files {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("peach-settings-\(UUID().uuidString)")
        var administrator: URL { directory.appendingPathComponent("config.yaml") }
        var data: URL { directory.appendingPathComponent("data") }
        var settings: SettingsFile { SettingsFile(directory: data) }
        var layers: ConfigurationLayers {
            ConfigurationLayers(administrator: ConfigurationLocation(explicit: administrator.path, environment: [:]), settings: settings)
        }

        init(administrator text: String) throws {
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: administrator)
        }

        deinit { try? FileManager.default.removeItem(at: directory) }
    }

    @Test("each value comes from the highest layer that sets it, and says so")
    func layering() throws {
        let files = try Files(administrator: "training:\n  note-duration: 0.5\n  velocity: 90\nlanguage: de\n")
        try files.settings.write("training:\n  note-duration: 1.5\n")
        let result = try ConfigurationReader().load(files.layers)
        #expect(result.configuration.training.noteDuration.seconds == 1.5)
        #expect(result.origins["training.note-duration"] == "\(files.settings.file.path):2")
        #expect(result.configuration.training.velocity == MIDIVelocity(90))
        #expect(result.origins["training.velocity"] == "\(files.administrator.path):3")
        #expect(result.configuration.language == .german)
        #expect(result.origins["training.note-gap"] == nil)
        #expect(result.beneathSettings.training.noteDuration.seconds == 0.5)
        #expect(result.settingsLeftOut.isEmpty)
        let printed = ConfigurationPrinter.effective(result.configuration, origins: result.origins)
        #expect(printed.contains("  note-duration: 1.5  # \(files.settings.file.path):2"))
        #expect(printed.contains("  velocity: 90  # \(files.administrator.path):3"))
        #expect(printed.contains("  note-gap: 0.0  # default"))
    }

    @Test("a missing settings file is the administrator's configuration, with nothing said")
    func missing() throws {
        let files = try Files(administrator: "training:\n  note-duration: 0.5\n")
        let result = try ConfigurationReader().load(files.layers)
        #expect(result.configuration.training.noteDuration.seconds == 0.5)
        #expect(result.settingsLeftOut.isEmpty)
    }

    @Test("a damaged or invalid settings file is left out whole, with what and where")
    func damaged() throws {
        let files = try Files(administrator: "training:\n  note-duration: 0.5\n")
        for (text, said) in [("training:\n  note-duration: 9\n", "\(files.settings.file.path):2:18: training.note-duration: "),
                             ("training: [unclosed\n", files.settings.file.path + ":"),
                             ("training:\n  velocity: 100\n  note-gap: lots\n", "\(files.settings.file.path):3:13: ")] {
            try files.settings.write(text)
            let result = try ConfigurationReader().load(files.layers)
            #expect(result.configuration.training.noteDuration.seconds == 0.5, "\(text)")
            #expect(result.configuration.training.velocity == PracticeConfiguration().training.velocity, "\(text)")
            #expect(result.settingsLeftOut.count == 1 && result.settingsLeftOut[0].hasPrefix(said), "\(result.settingsLeftOut)")
        }
    }

    @Test("a settings file the box's own checks refuse is left out, unless the administrator's is refused too")
    func checked() throws {
        let files = try Files(administrator: "audio:\n  device: default\n")
        try files.settings.write("audio:\n  device: \"hw:9,9\"\n")
        let refuseHW: (PracticeConfiguration, ConfigurationReader.Origins) -> [String] = { configuration, _ in
            configuration.audio.device.hasPrefix("hw:") ? ["no such card"] : []
        }
        let result = try ConfigurationReader().load(files.layers, check: refuseHW)
        #expect(result.configuration.audio.device == "default")
        #expect(result.settingsLeftOut == ["no such card"])
        let refuseAll: (PracticeConfiguration, ConfigurationReader.Origins) -> [String] = { _, _ in ["always"] }
        #expect(try ConfigurationReader().load(files.layers, check: refuseAll).configuration.audio.device == "hw:9,9")
    }

    @Test("an administrator's file with problems is still an error, whatever the settings file says")
    func administratorInvalid() throws {
        let files = try Files(administrator: "training:\n  velocity: 500\n")
        try files.settings.write("training:\n  velocity: 20\n")
        #expect(throws: YAMLErrors.self) { try ConfigurationReader().load(files.layers) }
    }

    @Test("a settings file's checks see the values beneath it: a tuning range below the administrator's offset range")
    func crossChecked() throws {
        let files = try Files(administrator: "training:\n  pitch-matching:\n    initial-offset-range: 300\n    tuning-range: 400\n")
        try files.settings.write("training:\n  pitch-matching:\n    tuning-range: 200\n")
        let result = try ConfigurationReader().load(files.layers)
        #expect(result.configuration.training.pitchMatchingTuningRange == Cents(400))
        #expect(result.settingsLeftOut.first?.contains("tuning-range (200 cents) is smaller than initial-offset-range (300 cents)") == true)
    }

    @Test("the settings file is replaced whole: a new file each time, no temporary file left")
    func atomicWrite() throws {
        let files = try Files(administrator: "")
        try files.settings.write("language: en\n")
        let first = try #require(files.settings.identity)
        try files.settings.write("language: de\n")
        let second = try #require(files.settings.identity)
        #expect(first != second)
        #expect(try String(contentsOf: files.settings.file, encoding: .utf8) == "language: de\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: files.data.path) == [SettingsFile.fileName])
        let mode = try FileManager.default.attributesOfItem(atPath: files.settings.file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test("a settings file written from values reads back as the same values, in sections")
    func writtenFromValues() throws {
        var configuration = PracticeConfiguration()
        configuration.training.noteGap = try #require(NoteGap(seconds: 1.5))
        configuration.training.pitchMatchingTuningRange = Cents(300)
        configuration.audio.device = "hw:1,0"
        let values = Dictionary(uniqueKeysWithValues: ConfigurationPrinter.values(configuration).map { ($0.key, $0.value) })
        let keys = ["training.note-gap", "training.pitch-matching.tuning-range", "audio.device"]
        let (text, keyAtLine) = ConfigurationPrinter.settingsFile(values.filter { keys.contains($0.key) }, header: ["written by a test"])
        #expect(text == "# written by a test\ntraining:\n  note-gap: 1.5\n  pitch-matching:\n    tuning-range: 300.0\naudio:\n  device: \"hw:1,0\"\n")
        #expect(keyAtLine[3] == "training.note-gap" && keyAtLine[5] == "training.pitch-matching.tuning-range" && keyAtLine[7] == "audio.device")
        let read = try ConfigurationReader().read(text, file: "settings.yaml")
        #expect(read.configuration == configuration)
    }
}
