import ArgumentParser
import PeachOptions
import PeachText

/// `peach`: the root of the command tree. Subcommands arrive with the parts they drive
/// (`play`, `run`, `history`, `profile`, …).
public struct PeachCommand: ParsableCommand {
    public static let version = "0.1.0"

    public static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "peach",
            abstract: CommandLineTexts.current.text(.helpPeachAbstract),
            discussion: CommandLineTexts.current.text(.helpPeachDiscussion),
            version: version,
            subcommands: [RunCommand.self, PlayCommand.self, SoundsCommand.self, DevicesCommand.self, MappingsCommand.self,
                          ProfileCommand.self, SimulateCommand.self, HistoryCommand.self, ExportCommand.self, ImportCommand.self, ResetCommand.self,
                          ConfigCommand.self, WebCommand.self, SpeakCommand.self]
        )
    }

    public init() {}
}
