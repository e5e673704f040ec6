import ArgumentParser
import Foundation
import Logging
import PeachCommandLine
import PeachDomain
import PeachText
import UnixSignals

extension TrainingMode: ExpressibleByArgument {}

/// `peach run`: the practice box.
struct RunCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "run",
            abstract: CommandLineTexts.current.text(.helpRunAbstract),
            discussion: CommandLineTexts.current.text(.helpRunDiscussion))
    }

    @OptionGroup var config: ConfigOptions
    @OptionGroup var store: StoreOptions

    @Option(name: .customLong("audio-device"), help: ArgumentHelp(
        CommandLineTexts.current.text(.helpRunAudioDevice), valueName: CommandLineTexts.current.text(.valuePCMDevice)))
    var audioDevice: String?

    @Option(help: ArgumentHelp(
        CommandLineTexts.current.text(.helpRunMode),
        valueName: CommandLineTexts.current.text(.valueMode)))
    var mode: TrainingMode?

    @Flag(help: ArgumentHelp(CommandLineTexts.current.text(.helpRunKeyboard)))
    var keyboard = false

    @Option(name: .customLong("log-level"), help: ArgumentHelp(
        CommandLineTexts.current.text(.helpRunLogLevel), valueName: CommandLineTexts.current.text(.valueLogLevel)))
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
            Logger(label: "peach.run").notice("\(CommandLineTexts.current.text(.runStoppedDuringStart))")
            return
        }
        let app = try await PracticeBoxApp.assemble(
            configLocation: config.location, storeOptions: store, audioDeviceOverride: audioDevice, modeOverride: mode,
            keyboard: keyboard ? .always : (interactive ? .whenNoController : .never))
        await app.run(signals: signals, hangUpDuringStart: early.contains(SIGHUP))
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
