import Foundation

/// Why the training history cannot be opened or written. Every case names the file and says what
/// to do; none of them is ever resolved by modifying or replacing the file.
public enum StoreError: Error, CustomStringConvertible, Sendable, Equatable {
    case notADatabase(path: String)
    case corrupt(path: String, details: String)
    case notPeachDatabase(path: String)
    case newerVersion(path: String, unknownMigrations: [String])
    case locked(path: String)
    case cannotCreateDirectory(path: String, reason: String)
    case readOnlyLocation(path: String)
    case diskFull(path: String)
    case failed(path: String, reason: String)

    public var description: String {
        switch self {
        case .notADatabase(let path):
            "\(path) is not an SQLite database. Peach will not touch it; move it away or choose another --data-dir."
        case .corrupt(let path, let details):
            "\(path) is damaged (\(details)). Peach will not write to it. Keep a copy; `sqlite3 \(path) .recover` "
                + "may rescue the answers into a new file."
        case .notPeachDatabase(let path):
            "\(path) is an SQLite database of another program. Peach will not touch it; choose another --data-dir."
        case .newerVersion(let path, let migrations):
            "\(path) was written by a newer version of Peach (schema \(migrations.joined(separator: ", "))). "
                + "Update Peach to use it; this version will not modify it."
        case .locked(let path):
            "\(path) is locked by another program (another peach, or an open sqlite3 session). "
                + "Close it and try again."
        case .cannotCreateDirectory(let path, let reason):
            "cannot create the data directory \(path): \(reason)"
        case .readOnlyLocation(let path):
            "\(path) cannot be written (read-only file system or missing permission)."
        case .diskFull(let path):
            "the disk holding \(path) is full."
        case .failed(let path, let reason):
            "the training history at \(path) could not be used: \(reason)"
        }
    }
}
