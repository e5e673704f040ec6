import Foundation
import Logging
import PeachDomain
import PeachConfig
import PeachOptions
import PeachPractice
import UnixSignals

/// `peach run` from its parsed options to its end: the log, the signals, the box assembled and run.
public enum PracticeBoxLaunch {
    @MainActor
    public static func run(configLocation: ConfigurationLocation, historyOptions: HistoryOptions, audioDevice: String?,
                           mode: TrainingMode?, check: Bool = false, tour: Bool = false, keyboard: Bool, logLevel: Logger.Level?, version: String) async throws {
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
            configLocation: configLocation, historyOptions: historyOptions, audioDeviceOverride: audioDevice, modeOverride: mode,
            opening: tour ? .tour : check ? .check : .usual,
            keyboard: keyboard ? .always : (interactive ? .whenNoController : .never), version: version,
            signals: signals, startedWith: Set(early.compactMap(BoxSignal.init(number:))))
        try await app.run()
    }
}
