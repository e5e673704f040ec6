import Foundation
import PeachTestSupport
import Testing

/// The settings page in a real browser, beside a running box: headless Chromium opens the page of
/// the built `peach web`, a setting is changed in the form and saved with its button, and the
/// running `peach run` (waiting for an audio output that is not there) re-reads its configuration and
/// logs the new value, which applies from its next exercise; `peach config` then shows it with the
/// settings file as its origin.
@Suite("settings page in a browser, beside a running box", .serialized, .timeLimit(.minutes(2)))
struct SettingsBrowserTests {
    @Test("a setting changed on the page reaches the running box",
          .enabled(if: DashboardBrowserTests.ready, "chromium is not installed: `make build-tests` installs it"))
    func reachesTheBox() throws {
        let workspace = try WebCommandTests.Workspace()
        try FileManager.default.createDirectory(atPath: workspace.data, withIntermediateDirectories: true)
        let box = Process()
        box.executableURL = BuiltProgram.peach
        box.arguments = ["run", "--data-dir", workspace.data, "--config", workspace.config, "--audio-device", "hw:CARD=NoSuchCard,DEV=0"]
        let log = Pipe()
        box.standardOutput = log
        box.standardError = log
        try box.run()
        defer {
            kill(box.processIdentifier, SIGTERM)
            box.waitUntilExit()
        }
        var said = ""
        func read(until text: String) {
            while !said.contains(text) {
                let chunk = log.fileHandleForReading.availableData
                if chunk.isEmpty { return }
                said += String(decoding: chunk, as: UTF8.self)
            }
        }
        read(until: "waiting for the audio output")
        // The box lists what the page offers as its settings watch starts.
        let choices = URL(fileURLWithPath: workspace.data).appendingPathComponent("settings-choices.json")
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: choices.path) { usleep(50_000) }
        #expect(FileManager.default.fileExists(atPath: choices.path), "\(said)")

        let web = try workspace.dashboard()
        let browser = try BrowserSession(chromium: try #require(DashboardBrowserTests.chromium))
        try browser.open("http://127.0.0.1:\(web.port)/settings")
        try browser.wait(until: "document.readyState === 'complete' && !!document.getElementById('save')")
        #expect(try browser.evaluate("document.getElementById('training.note-duration').value") as? String == "1.0")
        #expect(try browser.evaluate("document.querySelector('#f-training\\\\.note-duration .origin').textContent") as? String == "the default")
        _ = try browser.evaluate("document.getElementById('training.note-duration').value = '1.5'; document.getElementById('save').click()")
        try browser.wait(until: "!!document.getElementById('saved')")
        let saved = try browser.evaluate("document.getElementById('saved').textContent") as? String ?? ""
        #expect(saved.contains("training.note-duration: 1.0 → 1.5"), "\(saved)")
        // The whole form was sent; only what was changed in it changed.
        #expect(try browser.evaluate("document.querySelectorAll('#saved li').length") as? Int == 1, "\(saved)")
        let settings = URL(fileURLWithPath: workspace.data).appendingPathComponent("settings.yaml").path
        let origin = try browser.evaluate("document.querySelector('#f-training\\\\.note-duration .origin').textContent") as? String ?? ""
        #expect(origin.hasPrefix("set on this page, \(settings):"), "\(origin)")

        read(until: "training.note-duration: 1.0 → 1.5")
        #expect(said.contains("configuration re-read from \(workspace.config) and \(settings); it applies from the next exercise"), "\(said)")
        #expect(said.contains("training.note-duration: 1.0 → 1.5"), "\(said)")
        #expect(box.isRunning)

        let configured = try BuiltProgram.run(["config", "--config", workspace.config, "--data-dir", workspace.data])
        #expect(configured.output.contains("note-duration: 1.5  # \(settings):"), "\(configured.output)")
    }
}
