import Foundation
import PeachTestSupport
import Testing

@Suite("peach config")
struct ConfigCommandTests {
    private func temporaryFile(_ text: String) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("peach-config-\(UUID().uuidString).yaml")
        try Data(text.utf8).write(to: file)
        return file
    }

    @Test("--check accepts a valid file and rejects an invalid one with every location, exit 1")
    func check() throws {
        let valid = try temporaryFile("training:\n  reference-pitch: 415\n")
        defer { try? FileManager.default.removeItem(at: valid) }
        let accepted = try BuiltProgram.run(["config", "--check", "--config", valid.path])
        #expect(accepted.status == 0)
        #expect(accepted.output.contains("valid"))

        let invalid = try temporaryFile("training:\n  reference-pitch: 415\n  velocity: 200\naudio:\n  periods: 0\n")
        defer { try? FileManager.default.removeItem(at: invalid) }
        let rejected = try BuiltProgram.run(["config", "--check", "--config", invalid.path])
        #expect(rejected.status == 1)
        #expect(rejected.output.contains("\(invalid.path):3:13: training.velocity: 200 is out of range 1…127"))
        #expect(rejected.output.contains("\(invalid.path):5:12: audio.periods: 0 is out of range 2…16"))
    }

    @Test("the README's example configuration is a file --check accepts")
    func readmeExample() throws {
        let readme = try String(contentsOf: MIDICommandsTests.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "## Configuration"))
        let after = readme[section.upperBound...]
        let start = try #require(after.range(of: "```yaml\n"))
        let end = try #require(after[start.upperBound...].range(of: "\n```"))
        let example = String(after[start.upperBound..<end.lowerBound])
        #expect(example.contains("audio:") && example.contains("training:"), "not the example: \(example.prefix(200))")
        let file = try temporaryFile(example + "\n")
        defer { try? FileManager.default.removeItem(at: file) }
        let checked = try BuiltProgram.run(["config", "--check", "--config", file.path])
        #expect(checked.status == 0, "\(checked.output)")
    }

    @Test("the effective configuration names each value's origin")
    func effective() throws {
        let file = try temporaryFile("training:\n  reference-pitch: 415\n  note-gap: 0.75\n")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try BuiltProgram.run(["config", "--config", file.path])
        #expect(result.status == 0)
        #expect(result.output.contains("reference-pitch: 415.0  # \(file.path):2"))
        #expect(result.output.contains("note-gap: 0.75  # \(file.path):3"))
        #expect(result.output.contains("note-duration: 1.0  # default"))
    }

    @Test("a missing --config file is an error that says how to make one")
    func missing() throws {
        let result = try BuiltProgram.run(["config", "--config", "/nonexistent/peach.yaml"])
        #expect(result.status == 1)
        #expect(result.output.contains("peach config --default"))
    }

    @Test("--default writes a file that --check accepts")
    func defaultFile() throws {
        let printed = try BuiltProgram.run(["config", "--default"])
        #expect(printed.status == 0)
        let file = try temporaryFile(printed.output)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try BuiltProgram.run(["config", "--check", "--config", file.path]).status == 0)
    }
}

@Suite("peach config with the dashboard's settings file")
struct ConfigSettingsLayerTests {
    @Test("the settings file of --data-dir is read over the configuration file; each value names its file")
    func layered() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("peach-layers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let administrator = directory.appendingPathComponent("config.yaml")
        try Data("training:\n  reference-pitch: 415\n  note-gap: 0.75\n".utf8).write(to: administrator)
        let settings = directory.appendingPathComponent("settings.yaml")
        try Data("training:\n  note-gap: 1.5\n".utf8).write(to: settings)
        let result = try BuiltProgram.run(["config", "--config", administrator.path, "--data-dir", directory.path])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("# configuration file: \(administrator.path)\n# settings file: \(settings.path) ("), "\(result.output)")
        #expect(result.output.contains("reference-pitch: 415.0  # \(administrator.path):2"))
        #expect(result.output.contains("note-gap: 1.5  # \(settings.path):2"))
        #expect(result.output.contains("note-duration: 1.0  # default"))

        try Data("training:\n  note-gap: 50\n".utf8).write(to: settings)
        let damaged = try BuiltProgram.run(["config", "--config", administrator.path, "--data-dir", directory.path])
        #expect(damaged.status == 0, "a damaged settings file is no dead box: \(damaged.output)")
        #expect(damaged.output.contains("the settings file \(settings.path) is left out"), "\(damaged.output)")
        #expect(damaged.output.contains("\(settings.path):2:13: training.note-gap: 50.0 is out of range 0…5"), "\(damaged.output)")
        #expect(damaged.output.contains("note-gap: 0.75  # \(administrator.path):3"))
        #expect(damaged.output.contains("# settings file: \(settings.path) (left out"))
        let checked = try BuiltProgram.run(["config", "--check", "--config", administrator.path, "--data-dir", directory.path])
        #expect(checked.status == 0 && checked.output.contains("is left out"), "\(checked.output)")
    }
}
