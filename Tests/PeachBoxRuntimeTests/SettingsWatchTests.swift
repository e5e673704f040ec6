import Foundation
import PeachConfig
import PeachDomain
import PeachText
import PeachTestSupport
import Testing
@testable import PeachBoxRuntime

/// The box's watch on the settings page's file, on a clock the test moves: a change of the file is
/// re-read (as SIGHUP does) at the next look, and the new values are what the next exercise reads; a
/// "play a note" request is taken once; the choices are written for the page at the start.
@Suite("The settings file watched while the box runs")
@MainActor
struct SettingsWatchTests {
    /// The watch's clock: each `tick()` lets one wait end; `end()` ends them all (the box stopping).
    actor Ticks {
        private var waiting: [CheckedContinuation<Void, any Error>] = []
        private var ready = 0
        private var ended = false

        func next() async throws {
            if ended { throw CancellationError() }
            if ready > 0 { ready -= 1; return }
            try await withCheckedThrowingContinuation { waiting.append($0) }
        }

        func tick() {
            if waiting.isEmpty { ready += 1 } else { waiting.removeFirst().resume() }
        }

        func end() {
            ended = true
            waiting.forEach { $0.resume(throwing: CancellationError()) }
            waiting = []
        }
    }

    /// What the watch did.
    final class Seen {
        var reloads = 0
        var played: [String] = []
    }

    /// Yields until `done` holds (the watch has taken its tick), at most a few thousand times.
    static func settle(_ done: () -> Bool) async {
        for _ in 0..<10_000 where !done() { await Task.yield() }
    }

    @Test("a change of the settings file applies at the next look; a request to play is taken once")
    func followsTheFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("peach-watch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let administrator = directory.appendingPathComponent("config.yaml")
        try Data("training:\n  note-duration: 0.5\n".utf8).write(to: administrator)
        let settings = SettingsFile(directory: directory)
        let configuration = try LiveConfiguration(
            layers: ConfigurationLayers(administrator: ConfigurationLocation(explicit: administrator.path, environment: [:]),
                                        settings: settings),
            reader: ConfigurationReader())
        let seen = Seen()
        let ticks = Ticks()
        let choices = SettingsChoices(audioOutputs: [.init(name: "default", description: "")], mappings: ["generic"])
        let watch = SettingsWatch(settings: settings, directory: directory,
                                  reload: { seen.reloads += 1; try? configuration.reload() },
                                  choices: { choices }, playTestNote: { seen.played.append($0) },
                                  pause: { try await ticks.next() })
        let running = Task { await watch.run() }
        await Self.settle { SettingsChoices.read(from: directory) != nil }
        #expect(SettingsChoices.read(from: directory) == choices)

        await ticks.tick()
        await Self.settle { false }
        #expect(seen.reloads == 0, "nothing changed, nothing re-read")
        #expect(configuration.currentSettings.noteDuration.seconds == 0.5)

        try settings.write("training:\n  note-duration: 2.0\n")
        await ticks.tick()
        await Self.settle { seen.reloads == 1 }
        #expect(seen.reloads == 1)
        #expect(configuration.currentSettings.noteDuration.seconds == 2.0)
        #expect(configuration.origins["training.note-duration"] == "\(settings.file.path):2")

        try FileManager.default.removeItem(at: settings.file)
        await ticks.tick()
        await Self.settle { seen.reloads == 2 }
        #expect(configuration.currentSettings.noteDuration.seconds == 0.5, "a settings file gone: the administrator's value")

        try TestNoteRequest.send(output: "default", to: directory)
        await ticks.tick()
        await Self.settle { !seen.played.isEmpty }
        #expect(seen.played == ["default"])
        #expect(!FileManager.default.fileExists(atPath: TestNoteRequest.file(in: directory).path))
        await ticks.end()
        await running.value
        #expect(seen.reloads == 2)
    }
}

/// A sound the settings page chose that no longer loads does not stop the box.
@Suite("The settings file's sound, gone")
@MainActor
struct SettingsSoundTests {
    @Test("a SoundFont chosen in the settings file that does not load: the configuration file's sound plays")
    func fallsBack() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("peach-sound-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let administrator = directory.appendingPathComponent("config.yaml")
        try Data("{}\n".utf8).write(to: administrator)
        let broken = directory.appendingPathComponent("broken.sf2")
        try Data("not a SoundFont".utf8).write(to: broken)
        let settings = SettingsFile(directory: directory)
        try settings.write("sound:\n  soundfont: \"\(broken.path)\"\n")
        let configuration = try LiveConfiguration(
            layers: ConfigurationLayers(administrator: ConfigurationLocation(explicit: administrator.path, environment: [:]),
                                        settings: settings),
            reader: ConfigurationReader())
        #expect(configuration.configuration.sound.soundFont == broken.path)
        #expect(throws: (any Error).self) { try RunChecks.sound(configuration.configuration, origins: configuration.origins) }
        let (selection, _) = try BoxAssembly.settingsSound(configuration)
        #expect(selection.path != broken.path && selection.path.hasSuffix("peach.sf2"))
    }
}

/// The settings page's "play a note" in the box: only an output the box listed is played on.
@Suite("Play a note from the settings page")
@MainActor
struct TestNotePlayerTests {
    @Test("an output the box did not list is refused and said; one it plays on is played through its engine")
    func refusesUnlisted() throws {
        let file = try ConfigurationFileFixture("{}\n")
        defer { file.remove() }
        let log = LogCapture()
        let player = TestNotePlayer(engine: try SpeechTestEngine.make(), device: "default", configuration: try file.configuration(),
                                    offered: { ["default", "hw:1,0"] }, texts: LiveTexts(Language.english), program: "/nonexistent/peach",
                                    logger: log.logger)
        player.play("hw:9,9")
        #expect(log.contains(level: .warning, "not playing a note on hw:9,9: the box did not list that audio output"))
        #expect(!log.contains(level: .notice, "playing a note on hw:9,9"))
        player.play("default")
        #expect(log.contains(level: .notice, "playing a note on default"))
        #expect(!log.contains(level: .warning, "the note on default did not play"))
        player.play("hw:1,0")
        #expect(log.contains(level: .warning, "the note on hw:1,0 did not play"), "\(log.entries)")
    }
}
