import Foundation
import PeachText

/// Why the training history cannot be opened or written. Every case names the file and says what
/// to do; none of them is ever resolved by modifying or replacing the file. `text(_:)` says it
/// through the tables (`store…` keys) in a language; `description` in English.
public enum HistoryError: DescribedError, CustomStringConvertible, Sendable, Equatable {
    case notADatabase(path: String)
    case corrupt(path: String, details: String)
    case notPeachDatabase(path: String)
    case newerVersion(path: String, unknownMigrations: [String])
    case locked(path: String)
    /// A reader that may not repair SQLite's shared index found it mid-write at every attempt (`ReadStart`).
    case beingWritten(path: String)
    case cannotCreateDirectory(path: String, reason: String)
    case readOnlyLocation(path: String)
    /// This user may not open the file (e.g. `peach web` as another user than `peach run`).
    case unreadable(path: String)
    case diskFull(path: String)
    /// A read-only history that `peach run` has not set up yet.
    case notReadyYet(path: String)
    case noWriteAheadLog(path: String)
    case cannotOpen(path: String)
    /// Any other failure, with SQLite's (or the system's) own words.
    case failed(path: String, reason: String)

    public func text(_ texts: Texts) -> String {
        switch self {
        case .notADatabase(let path): texts.text(.storeNotADatabase, path)
        case .corrupt(let path, let details): texts.text(.storeCorrupt, path, details)
        case .notPeachDatabase(let path): texts.text(.storeNotPeachDatabase, path)
        case .newerVersion(let path, let migrations): texts.text(.storeNewerVersion, path, migrations.joined(separator: ", "))
        case .locked(let path): texts.text(.storeLocked, path)
        case .beingWritten(let path): texts.text(.storeBeingWritten, path)
        case .cannotCreateDirectory(let path, let reason): texts.text(.storeCannotCreateDirectory, path, reason)
        case .readOnlyLocation(let path): texts.text(.storeReadOnlyLocation, path)
        case .unreadable(let path): texts.text(.storeUnreadable, path)
        case .diskFull(let path): texts.text(.storeDiskFull, path)
        case .notReadyYet(let path): texts.text(.storeFailed, path, texts.text(.storeNotReadyYet))
        case .noWriteAheadLog(let path): texts.text(.storeFailed, path, texts.text(.storeNoWriteAheadLog))
        case .cannotOpen(let path): texts.text(.storeFailed, path, texts.text(.storeCannotOpen))
        case .failed(let path, let reason): texts.text(.storeFailed, path, reason)
        }
    }

    public var description: String { text(.english) }
}
