import ArgumentParser
import PeachOptions
import PeachMIDI
import PeachText

/// `--mappings DIR`, shared by the commands that choose controller mappings.
struct MappingOptions: ParsableArguments {
    @Option(name: .customLong("mappings"), help: ArgumentHelp(
        CommandLineTexts.current.text(.helpOptionDirectory),
        valueName: CommandLineTexts.current.text(.valueDirectory)))
    var directory: String?

    var searchDirectories: [String] { MappingLibrary.searchDirectories(explicit: directory) }

    func library() -> MappingLibrary { MappingLibrary.load(directories: searchDirectories) }
}
