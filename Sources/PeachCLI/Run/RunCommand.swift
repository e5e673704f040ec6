import ArgumentParser
import Foundation
import Logging
import PeachDomain
import UnixSignals

extension TrainingMode: ExpressibleByArgument {}

/// `peach run`: the practice box.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the practice box: train whenever a MIDI controller is plugged in.",
        discussion: """
            Loads the configuration, opens the audio output and the ALSA sequencer, rebuilds the profile \
            from the training history and waits for a controller. A controller appearing starts training \
            in the last-used mode; unplugging it stops at once. SIGHUP re-reads the configuration (it \
            applies from the next exercise); SIGINT and SIGTERM stop training, silence every note, close \
            the history and exit 0. On a terminal a status line shows what is happening, and the computer \
            keyboard can play the controller (--keyboard, or any key when no controller is connected).
            """)

    @OptionGroup var config: ConfigOptions
    @OptionGroup var store: StoreOptions

    @Option(name: .customLong("audio-device"), help: ArgumentHelp(
        "The ALSA PCM device to play on (overrides audio.device; `peach devices` lists them).", valueName: "pcm"))
    var audioDevice: String?

    @Option(help: ArgumentHelp(
        "Start in this mode instead of the remembered one: compare, compare-intervals, match, match-intervals.",
        valueName: "mode"))
    var mode: TrainingMode?

    @Flag(help: "Use the computer keyboard as the controller (also automatic on a terminal with no controller).")
    var keyboard = false

    @Option(name: .customLong("log-level"), help: ArgumentHelp(
        "trace, debug, info, notice, warning, error (default: info, or warning on a terminal).", valueName: "level"))
    var logLevel: Logger.Level?

    /// Runs the box on the main actor, driven by the main dispatch queue, until it ends; then exits
    /// with its status (0 after SIGINT/SIGTERM, 1 with a message when it cannot start).
    func run() throws {
        let command = self
        Task { @MainActor in
            do {
                try await command.runBox()
                RunCommand.exit()
            } catch {
                RunCommand.exit(withError: error)
            }
        }
        dispatchMain()
    }

    @MainActor
    private func runBox() async throws {
        let interactive = TerminalSession.isInteractive
        let level = logLevel ?? (interactive ? .warning : .info)
        LoggingSystem.bootstrap { label in
            // On a terminal the status line is erased before each log line and drawn again after it.
            if interactive {
                var handler = StatusLineLogHandler(label: label)
                handler.logLevel = level
                return handler
            }
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        // Caught since main (EarlySignals); from here on the run loop's sequence takes them, and what
        // came before is handed over: a stop ends here, cleanly; a reload happens after the start.
        let signals = await UnixSignalsSequence(trapping: .sigint, .sigterm, .sighup)
        let early = EarlySignals.takeReceived()
        if early.contains(SIGTERM) || early.contains(SIGINT) {
            Logger(label: "peach.run").notice("stopped by a signal during start-up")
            return
        }
        let app = try await PracticeBoxApp.assemble(
            configLocation: config.location, storeOptions: store, audioDeviceOverride: audioDevice, modeOverride: mode,
            keyboard: keyboard ? .always : (interactive ? .whenNoController : .never))
        await app.run(signals: signals, hangUpDuringStart: early.contains(SIGHUP))
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
