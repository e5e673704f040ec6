import Foundation
import Logging
import PeachConfig
import ServiceLifecycle

/// Follows the settings page while the box runs. Once a second (on the box's own clock, `pause`)
/// it looks at the settings file's identity (inode, size, change time: one `stat`), and when it has
/// changed re-reads the configuration as SIGHUP does (`LiveReload`): a change applies from the next
/// exercise. It takes a "play a note" request the dashboard left, and now and then lists the audio
/// outputs again for the page (`SettingsChoices`).
///
/// Polling, not inotify nor a signal from the dashboard: the dashboard runs as another process
/// (often another service) and finds no process id to signal, and SIGHUP stops a box on a terminal;
/// a `stat` a second costs nothing beside the audio, needs no C shim, and sees the file whether it
/// was renamed into place, replaced by hand, or removed.
@MainActor
final class SettingsWatch: Service {
    private let settings: SettingsFile
    private let directory: URL
    private let reload: @MainActor () -> Void
    private let choices: @MainActor () async -> SettingsChoices
    private let playTestNote: @MainActor (String) -> Void
    private let pause: @Sendable () async throws -> Void
    private let logger: Logger
    /// Ticks between two listings of the audio outputs.
    static let listingInterval = 10

    /// `choices`: what the box offers now (listed again every `listingInterval` ticks); `pause`:
    /// the wait between two looks (one second; it throws when the box shuts down).
    init(settings: SettingsFile, directory: URL, reload: @escaping @MainActor () -> Void,
         choices: @escaping @MainActor () async -> SettingsChoices, playTestNote: @escaping @MainActor (String) -> Void,
         pause: @escaping @Sendable () async throws -> Void = { try await sleepUnlessShuttingDown(for: .seconds(1)) },
         logger: Logger = Logger(label: "peach.run")) {
        self.settings = settings
        self.directory = directory
        self.reload = reload
        self.choices = choices
        self.playTestNote = playTestNote
        self.pause = pause
        self.logger = logger
    }

    func run() async {
        var seen = settings.identity
        var offered = await publish(nil)
        // A request left from before the box started is not played.
        _ = TestNoteRequest.take(from: directory)
        var tick = 0
        while (try? await pause()) != nil {
            let now = settings.identity
            if now != seen {
                seen = now
                reload()
            }
            if let output = TestNoteRequest.take(from: directory) { playTestNote(output) }
            tick += 1
            if tick % Self.listingInterval == 0 { offered = await publish(offered) }
        }
    }

    /// Writes the choices when they differ from those written last; what was written.
    private func publish(_ written: SettingsChoices?) async -> SettingsChoices? {
        let current = await choices()
        guard current != written else { return written }
        do {
            try current.write(to: directory)
            return current
        } catch {
            logger.debug("settings choices not written: \(error)") // not a text: a debug line for developers
            return written
        }
    }
}
