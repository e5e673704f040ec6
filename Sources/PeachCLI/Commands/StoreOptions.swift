import ArgumentParser
import Foundation
import PeachStorage

/// `--data-dir`, shared by every command that reads or writes the training history.
struct StoreOptions: ParsableArguments {
    @Option(name: .customLong("data-dir"), help: ArgumentHelp(
        "Where the training history lives (default: $PEACH_DATA_DIR, else $XDG_DATA_HOME/peach, else ~/.local/share/peach).",
        valueName: "dir"))
    var dataDirectory: String?

    var location: DataLocation { DataLocation(explicitDirectory: dataDirectory) }

    /// The store, or nil when there is no history yet and `create` is false.
    func openStore(create: Bool, durability: TrainingDataStore.Durability = .everyAnswer) throws -> TrainingDataStore? {
        do {
            return try TrainingDataStore.open(location, create: create, durability: durability)
        } catch {
            throw CommandFailure(error.description)
        }
    }
}
