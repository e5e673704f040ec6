import Foundation

/// Where the training history lives: `--data-dir`, else `$PEACH_DATA_DIR`, else
/// `$XDG_DATA_HOME/peach`, else `~/.local/share/peach`.
public struct DataLocation: Hashable, Sendable {
    public static let databaseFileName = "peach.sqlite"

    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    public init(explicitDirectory: String?, environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let explicitDirectory, !explicitDirectory.isEmpty {
            directory = URL(fileURLWithPath: explicitDirectory, isDirectory: true)
        } else if let fromEnvironment = environment["PEACH_DATA_DIR"], !fromEnvironment.isEmpty {
            directory = URL(fileURLWithPath: fromEnvironment, isDirectory: true)
        } else if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            // The XDG spec says relative values are invalid and must be ignored.
            directory = URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("peach", isDirectory: true)
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            directory = URL(fileURLWithPath: home, isDirectory: true)
                .appendingPathComponent(".local/share/peach", isDirectory: true)
        }
    }

    public var databaseURL: URL { directory.appendingPathComponent(Self.databaseFileName) }
}
