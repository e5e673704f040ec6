import Foundation
import HTTPTypes
import HummingbirdTesting
import PeachConfig
import PeachTestSupport
import Testing
@testable import PeachWeb

/// The settings page through real HTTP requests (HummingbirdTesting's router client), over a real
/// configuration file and settings file: what the form changes is what `peach config` then reads
/// (the same reader over the same two files), with the settings file as its origin; what it refuses
/// changes nothing.
@Suite("dashboard settings, in-process")
struct DashboardSettingsTests {
    static let administrator = "training:\n  note-duration: 0.5\n  velocity: 90\n"

    /// A dashboard with its settings page, and the choices a box would have listed.
    static func dashboard(token: AccessToken? = nil) throws -> InProcessDashboard {
        let dashboard = try InProcessDashboard(token: token, administrator: administrator)
        let soundFont = dashboard.directory.appendingPathComponent("piano.sf2")
        try Data("RIFF".utf8).write(to: soundFont)
        try SettingsChoices(
            audioOutputs: [.init(name: "default", description: ""), .init(name: "hw:1,0", description: "USB Audio: USB Audio")],
            soundFonts: [.init(path: soundFont.path, presets: [.init(preset: "0:0", name: "Piano"), .init(preset: "0:5", name: "E-Piano")])],
            mappings: ["generic", "korg-nanokey2"]
        ).write(to: dashboard.directory)
        return dashboard
    }

    /// What `peach config` reads now: the configuration in effect and its origins.
    static func configured(_ dashboard: InProcessDashboard) throws -> ConfigurationReader.Result {
        try ConfigurationReader().load(try #require(dashboard.layers))
    }

    static func settingsPath(_ dashboard: InProcessDashboard) -> String {
        dashboard.directory.appendingPathComponent(SettingsFile.fileName).path
    }

    @Test("the page shows every setting with its range and origin, and the form's CSRF value")
    func page() async throws {
        let dashboard = try Self.dashboard()
        try await dashboard.test { client in
            let reply = try await client.get("/settings")
            #expect(reply.status == .ok)
            let page = reply.text
            #expect(page.contains("name=\"csrf\" value=\"\(InProcessDashboard.csrf)\""))
            #expect(page.contains("name=\"training.note-duration\" value=\"0.5\" min=\"0.3\" max=\"3.0\""), "\(page)")
            #expect(page.contains("0.3–3.0 s"))
            #expect(page.contains("from the configuration file, \(dashboard.directory.path)/etc/config.yaml:2"))
            #expect(page.contains("<option value=\"hw:1,0\">hw:1,0 – USB Audio: USB Audio</option>"), "\(page)")
            #expect(page.contains("0:5 E-Piano") && page.contains("korg-nanokey2"))
            #expect(page.contains("formaction=\"/settings/test-note\""))
            #expect(page.contains(">default<"))
        }
    }

    @Test("each setting changed through the form is what peach config then reads, from the settings file",
          arguments: [
              ([("training.note-range.lowest", "E2"), ("training.note-range.highest", "G5")], "training.note-range", "{lowest: E2, highest: G5}"),
              ([("training.note-duration", "1.5")], "training.note-duration", "1.5"),
              ([("training.note-gap", "0.75")], "training.note-gap", "0.75"),
              ([("training.reference-pitch", "442")], "training.reference-pitch", "442.0"),
              ([("training.vary-loudness", "0.5")], "training.vary-loudness", "0.5"),
              ([("training.intervals.sent", "1"), ("training.intervals", "M3 down"), ("training.intervals", "P4 up")],
               "training.intervals", "[M3 down, P4 up]"),
              ([("training.tuning-system", "justIntonation")], "training.tuning-system", "justIntonation"),
              ([("training.velocity", "100")], "training.velocity", "100"),
              ([("training.staircase", "kazez")], "training.staircase", "kazez"),
              ([("training.focus", "0.3")], "training.focus", "0.3"),
              ([("training.pitch-matching.initial-offset-range", "50")], "training.pitch-matching.initial-offset-range", "50.0"),
              ([("training.pitch-matching.tuning-range", "300")], "training.pitch-matching.tuning-range", "300.0"),
              ([("sound", "0:5 PIANO")], "sound.preset", "\"0:5\""),
              ([("feedback.cues", "false")], "feedback.cues", "false"),
              ([("feedback.cue-level", "-30")], "feedback.cue-level", "-30.0"),
              ([("feedback.lights", "false")], "feedback.lights", "false"),
              ([("feedback.voice", "false")], "feedback.voice", "false"),
              ([("feedback.voice-level", "-12")], "feedback.voice-level", "-12.0"),
              ([("language", "de")], "language", "de"),
              ([("audio.device", "hw:1,0")], "audio.device", "\"hw:1,0\""),
              ([("controllers.assign.sent", "1"), ("controllers.assign.0.match", "Keystation*"), ("controllers.assign.0.mapping", "generic")],
               "controllers.assign", "[{match: \"Keystation*\", mapping: \"generic\"}]"),
          ])
    func changesEach(fields: [(String, String)], key: String, printed: String) async throws {
        let dashboard = try Self.dashboard()
        let soundFont = dashboard.directory.appendingPathComponent("piano.sf2").path
        let sent = fields.map { ($0.0, $0.1.replacingOccurrences(of: "PIANO", with: soundFont)) }
        let reply = try await dashboard.test { client in try await client.postSettings(sent) }
        #expect(reply.status == .ok, "\(reply.text)")
        #expect(reply.text.contains("id=\"saved\""), "\(reply.text)")
        let result = try Self.configured(dashboard)
        let path = Self.settingsPath(dashboard)
        #expect(result.origins[key]?.hasPrefix(path + ":") == true, "\(key): \(result.origins)")
        let effective = ConfigurationPrinter.effective(result.configuration, origins: result.origins)
        let name = String(key.split(separator: ".").last!)
        #expect(effective.contains("\(name): \(printed)  # \(path):"), "\(effective)")
        // Only that setting is in the settings file; everything else keeps its origin.
        let (witness, line) = key == "training.velocity" ? ("training.note-duration", 2) : ("training.velocity", 3)
        #expect(result.origins[witness] == "\(dashboard.directory.path)/etc/config.yaml:\(line)")
        let written = try String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8)
        #expect(!written.contains(String(witness.split(separator: ".").last!) + ":"), "\(written)")
        #expect(dashboard.log.contains(level: .notice, "settings: \(key == "sound.preset" ? "sound.soundfont" : key): "), "\(dashboard.log.entries)")
    }

    @Test("a value equal to the configuration file's leaves the settings file: its origin is that file again")
    func backToAdministrator() async throws {
        let dashboard = try Self.dashboard()
        try await dashboard.test { client in
            #expect(try await client.postSettings([("training.note-duration", "1.5")]).status == .ok)
            #expect(try Self.configured(dashboard).origins["training.note-duration"]?.hasPrefix(Self.settingsPath(dashboard)) == true)
            let reply = try await client.postSettings([("training.note-duration", "0.5")])
            #expect(reply.text.contains("training.note-duration: 1.5 → 0.5"), "\(reply.text)")
        }
        let result = try Self.configured(dashboard)
        #expect(result.origins["training.note-duration"] == "\(dashboard.directory.path)/etc/config.yaml:2")
    }

    /// The settings file's bytes (nil: none) and what `peach config` reads, before and after `change`.
    static func unchanged(_ dashboard: InProcessDashboard, _ change: @Sendable (any TestClientProtocol) async throws -> TestResponse)
        async throws -> TestResponse {
        let path = settingsPath(dashboard)
        let before = try? Data(contentsOf: URL(fileURLWithPath: path))
        let configured = try configured(dashboard).configuration
        let reply = try await dashboard.test(change)
        #expect((try? Data(contentsOf: URL(fileURLWithPath: path))) == before)
        #expect(try Self.configured(dashboard).configuration == configured)
        return reply
    }

    @Test("an out-of-range value changes nothing and says what and where, in the configuration file's words")
    func outOfRange() async throws {
        let dashboard = try Self.dashboard()
        let reply = try await Self.unchanged(dashboard) { client in
            try await client.postSettings([("training.note-duration", "9"), ("training.note-gap", "0.5"), ("training.velocity", "lots")])
        }
        #expect(reply.status == .badRequest)
        #expect(reply.text.contains("Note duration</a>: training.note-duration: 9.0 is out of range 0.3…3"), "\(reply.text)")
        #expect(reply.text.contains("Velocity of the notes</a>: training.velocity: expected a whole number"), "\(reply.text)")
        #expect(!reply.text.contains("training.note-gap:"))
    }

    @Test("a device, SoundFont, mapping or word the page did not offer changes nothing",
          arguments: [("audio.device", "hw:7,0"), ("audio.device", "/dev/snd/pcmC0D0p"), ("sound", "0:0 /etc/passwd"),
                      ("language", "fr"), ("training.tuning-system", "pythagorean"), ("feedback.cues", "maybe"),
                      ("training.note-range.lowest", "H2")])
    func notOffered(field: String, value: String) async throws {
        let dashboard = try Self.dashboard()
        var fields = [(field, value)]
        if field == "training.note-range.lowest" { fields.append(("training.note-range.highest", "C5")) }
        let sent = fields
        let reply = try await Self.unchanged(dashboard) { client in try await client.postSettings(sent) }
        #expect(reply.status == .badRequest)
        #expect(reply.text.contains("\(field.hasPrefix("training.note-range") ? "training.note-range" : field): “"), "\(reply.text)")
        #expect(reply.text.contains("” is not one of the choices this page offers"), "\(reply.text)")
    }

    @Test("a mapping assignment naming a mapping the box did not list changes nothing")
    func unknownMapping() async throws {
        let dashboard = try Self.dashboard()
        let reply = try await Self.unchanged(dashboard) { client in
            try await client.postSettings([("controllers.assign.sent", "1"), ("controllers.assign.0.match", "*"),
                                           ("controllers.assign.0.mapping", "../../etc/evil")])
        }
        #expect(reply.status == .badRequest)
    }

    @Test("a forged or missing CSRF value, a foreign origin, or a form of another type changes nothing")
    func forged() async throws {
        let dashboard = try Self.dashboard()
        let change = [("training.note-duration", "1.5")]
        for reply in [
            try await Self.unchanged(dashboard) { try await $0.postSettings(change, csrf: "forged") },
            try await Self.unchanged(dashboard) { try await $0.postSettings(change, csrf: nil) },
            try await Self.unchanged(dashboard) { try await $0.postSettings(change, headers: [.origin: "http://evil.example"]) },
            try await Self.unchanged(dashboard) {
                try await $0.post("csrf=\(InProcessDashboard.csrf)&training.note-duration=1.5", type: "text/plain", to: "/settings")
            },
        ] {
            #expect(reply.status == .forbidden, "\(reply.text)")
        }
    }

    @Test("a GET that tries to change something changes nothing")
    func getChangesNothing() async throws {
        let dashboard = try Self.dashboard()
        let reply = try await Self.unchanged(dashboard) { client in
            try await client.get("/settings?csrf=\(InProcessDashboard.csrf)&training.note-duration=1.5")
        }
        #expect(reply.status == .ok)
        let other = try await Self.unchanged(dashboard) { client in
            try await client.get("/settings/test-note?csrf=\(InProcessDashboard.csrf)&audio.device=default")
        }
        #expect(other.status == .notFound)
        #expect(!FileManager.default.fileExists(atPath: TestNoteRequest.file(in: dashboard.directory).path))
    }

    @Test("beyond loopback without the access token changes nothing; with it, the form saves")
    func token() async throws {
        let token = AccessToken(value: String(repeating: "7c", count: 24))
        let dashboard = try Self.dashboard(token: token)
        let refused = try await Self.unchanged(dashboard) { client in try await client.postSettings([("training.note-duration", "1.5")]) }
        #expect(refused.status == .unauthorized)
        #expect(try await dashboard.test { try await $0.get("/settings") }.status == .unauthorized)
        let reply = try await dashboard.test { client in
            try await client.postSettings([("training.note-duration", "1.5")], headers: [.authorization: "Bearer \(token.value)"])
        }
        #expect(reply.status == .ok)
        #expect(try Self.configured(dashboard).configuration.training.noteDuration.seconds == 1.5)
    }

    @Test("a settings file that disappears or is damaged: the configuration file's values, with a logged warning")
    func fallsBack() async throws {
        let dashboard = try Self.dashboard()
        _ = try await dashboard.test { try await $0.postSettings([("training.note-duration", "1.5")]) }
        let path = Self.settingsPath(dashboard)
        try Data("training:\n  note-duration: [broken\n".utf8).write(to: URL(fileURLWithPath: path))
        let damaged = try await dashboard.test { try await $0.get("/settings") }
        #expect(damaged.text.contains("id=\"left-out\""), "\(damaged.text)")
        #expect(damaged.text.contains("from the configuration file, \(dashboard.directory.path)/etc/config.yaml:2"))
        #expect(dashboard.log.contains(level: .warning, "the settings file \(path) is left out"), "\(dashboard.log.entries)")
        #expect(try Self.configured(dashboard).configuration.training.noteDuration.seconds == 0.5)
        // A valid form replaces the damaged file.
        _ = try await dashboard.test { try await $0.postSettings([("training.note-gap", "1")]) }
        #expect(try Self.configured(dashboard).settingsLeftOut.isEmpty)
        try FileManager.default.removeItem(atPath: path)
        let gone = try await dashboard.test { try await $0.get("/settings") }
        #expect(gone.status == .ok && !gone.text.contains("set on this page"))
        #expect(try Self.configured(dashboard).configuration.training.noteGap.seconds == 0)
    }

    @Test("play a note: the box is asked for a listed output only, and only while it runs")
    func testNote() async throws {
        let dashboard = try Self.dashboard()
        let request = TestNoteRequest.file(in: dashboard.directory)
        let notRunning = try await dashboard.test { try await $0.postSettings([("audio.device", "hw:1,0")], to: "/settings/test-note") }
        #expect(notRunning.text.contains("The box is not running"))
        try Data("Hear &amp; Compare".utf8).write(to: dashboard.directory.appendingPathComponent("live-status"))
        let unlisted = try await dashboard.test { try await $0.postSettings([("audio.device", "hw:7,0")], to: "/settings/test-note") }
        #expect(unlisted.status == .badRequest && !FileManager.default.fileExists(atPath: request.path))
        let forged = try await dashboard.test {
            try await $0.postSettings([("audio.device", "hw:1,0")], csrf: "forged", to: "/settings/test-note")
        }
        #expect(forged.status == .forbidden && !FileManager.default.fileExists(atPath: request.path))
        let asked = try await dashboard.test { try await $0.postSettings([("audio.device", "hw:1,0")], to: "/settings/test-note") }
        #expect(asked.text.contains("The box plays A4 on hw:1,0 now."), "\(asked.text)")
        #expect(TestNoteRequest.take(from: dashboard.directory) == "hw:1,0")
        // Asking changes no setting.
        #expect(!FileManager.default.fileExists(atPath: Self.settingsPath(dashboard)))
    }
}
