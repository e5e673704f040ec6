import ArgumentParser
import PeachMIDI

/// `--mappings DIR`, shared by the commands that choose controller mappings.
struct MappingOptions: ParsableArguments {
    @Option(name: .customLong("mappings"), help: ArgumentHelp(
        "A directory of mapping files searched first (then $XDG_CONFIG_HOME/peach/mappings, the installed share/peach/Mappings, the source tree's Mappings/).",
        valueName: "dir"))
    var directory: String?

    var searchDirectories: [String] { MappingLibrary.searchDirectories(explicit: directory) }

    func library() -> MappingLibrary { MappingLibrary.load(directories: searchDirectories) }
}
