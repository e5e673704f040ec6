import ArgumentParser
import Foundation
import Logging
import PeachBoxRuntime
import PeachOptions
import PeachDomain
import PeachText

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
    @OptionGroup var store: HistoryOptions

    @Option(name: .customLong("audio-device"), help: ArgumentHelp(
        CommandLineTexts.current.text(.helpRunAudioDevice), valueName: CommandLineTexts.current.text(.valuePCMDevice)))
    var audioDevice: String?

    @Option(help: ArgumentHelp(
        CommandLineTexts.current.text(.helpRunMode),
        valueName: CommandLineTexts.current.text(.valueMode)))
    var mode: ModeChoice?

    @Flag(help: ArgumentHelp(CommandLineTexts.current.text(.helpRunTour)))
    var tour = false

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
        try await PracticeBoxLaunch.run(configLocation: config.location, historyOptions: store, audioDevice: audioDevice,
                                        mode: mode?.trainingMode, check: mode == .check, tour: tour, keyboard: keyboard, logLevel: logLevel, version: PeachCommand.version)
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
