import ArgumentParser
import Foundation
import PeachStorage
import PeachText

/// `--data-dir`, shared by every command that reads or writes the training history.
public struct HistoryOptions: ParsableArguments, Sendable {
    public init() {}

    @Option(name: .customLong("data-dir"), help: ArgumentHelp(
        CommandLineTexts.current.text(.helpOptionDataDirectory),
        valueName: CommandLineTexts.current.text(.valueDirectory)))
    public var dataDirectory: String?

    public var location: DataLocation { DataLocation(explicitDirectory: dataDirectory) }

    /// The store, or nil when there is no history yet and `create` is false (read-only commands:
    /// nothing is created or written, not even in an empty file).
    public func openStore(create: Bool, durability: HistoryStore.Durability = .everyAnswer) throws -> HistoryStore? {
        let directory = location.directory.path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw CommandFailure(CommandLineTexts.current.text(.messageDataDirIsFile, directory, DataLocation.databaseFileName))
            }
        } else if !create, let dataDirectory, !dataDirectory.isEmpty {
            throw CommandFailure(CommandLineTexts.current.text(.messageNoDataDir, directory))
        }
        do {
            return try HistoryStore.open(location, create: create, durability: durability)
        } catch {
            throw CommandFailure(CommandLineTexts.current.describe(error))
        }
    }
}
