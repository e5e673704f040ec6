import Foundation
import GRDB
import GRDBSQLite

/// How a read-only reader (`peach web`) reads a history that no writer has open.
///
/// Reading a WAL database needs its `-wal` and `-shm` files, and SQLite deletes them when the last
/// writer closes cleanly; a reader that may not write the directory could then not open it. Two
/// parts make that work:
/// - every writer sets `SQLITE_FCNTL_PERSIST_WAL`, so the files stay after it closes (the WAL
///   checkpointed and emptied);
/// - a history without a `-wal` (one left by an older version, or copied) is opened `immutable=1`:
///   SQLite reads the file as it is, with no locks and no files made. That is exact only while no
///   writer comes, so the reader remembers the file's identity and size and time of change, and
///   `HistoryStore.isCurrent` says when a writer has appeared (a `-wal` exists) or the file
///   changed: the reader is then opened again, the normal way, and what was read is read again.
struct ReadOnlySnapshot: Sendable, Equatable {
    /// Each read-only connection's page cache (reads stream through the tables once).
    static let cacheKilobytes = 256

    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modified: Int64

    /// The file as it is now; nil when there is no `-wal` beside it, i.e. when a writer has it
    /// open (or has had it, and kept its files): then it is read the normal way.
    static func withoutWriter(path: String) -> ReadOnlySnapshot? {
        guard !FileManager.default.fileExists(atPath: path + "-wal") else { return nil }
        return of(path: path)
    }

    static func of(path: String) -> ReadOnlySnapshot? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return ReadOnlySnapshot(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                                modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }

    /// An SQLite URI that opens `path` as a file nobody changes.
    static func immutableURI(_ path: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "/-._~")
        let escaped = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        return "file:\(escaped)?immutable=1"
    }

    /// Keeps the `-wal` and `-shm` files when this writer's connection closes.
    static func keepWAL(_ db: Database) {
        var persist: Int32 = 1
        _ = sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_PERSIST_WAL, &persist)
    }
}

extension HistoryStore {
    /// False once a store opened without a writer (`ReadOnlySnapshot`) may no longer read what is
    /// stored: a writer has come, or the file changed. What it read since it was opened must then
    /// be read again from a store opened anew. Always true for any other store.
    public var isCurrent: Bool {
        guard let snapshot else { return true }
        let path = location.databaseURL.path
        return ReadOnlySnapshot.withoutWriter(path: path) == snapshot
    }

    /// True when this store reads the file as it is, without a writer (see `ReadOnlySnapshot`).
    public var readsWithoutWriter: Bool { snapshot != nil }
}
