import ArgumentParser

/// `peach`: the root of the command tree. Subcommands arrive with the parts they drive
/// (`play`, `run`, `history`, `profile`, …).
public struct PeachCommand: ParsableCommand {
    public static let version = "0.1.0"

    public static let configuration = CommandConfiguration(
        commandName: "peach",
        abstract: "Peach: an ear-training instrument for a headless Linux box.",
        discussion: """
            Plug in a USB MIDI controller and train two skills: hearing which of two notes is higher \
            (Hear & Compare) and tuning a note onto another with the pitch wheel (Tune & Match), \
            for single notes and for intervals.
            """,
        version: version,
        subcommands: [RunCommand.self, PlayCommand.self, SoundsCommand.self, DevicesCommand.self, MappingsCommand.self,
                      ProfileCommand.self, SimulateCommand.self, HistoryCommand.self, ExportCommand.self, ImportCommand.self, ResetCommand.self,
                      ConfigCommand.self, WebCommand.self]
    )

    public init() {}
}
