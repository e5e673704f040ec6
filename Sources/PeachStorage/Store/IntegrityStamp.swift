import Foundation

/// Why a clean restart need not read the whole history to check it.
///
/// Opening a history runs SQLite's `quick_check`, which reads every page: 0.28 s for a million
/// answers here, and growing with the history. A history closed cleanly by Peach, and not touched
/// since, is the file SQLite itself left consistent after a check that passed: at a clean close the
/// store writes this stamp, the identity, size and time of change of the file and its `-wal`; an
/// open that finds them unchanged skips the check. A writer removes the stamp before it writes, so
/// after a crash, a power cut, a copy, a restore or any other program's change the check runs again.
/// Damage that appears while the file is closed and keeps its size and time (a failing disk) is not
/// caught here; SQLite still refuses a damaged page when it reads it.
struct IntegrityStamp: Equatable {
    let history: ReadOnlySnapshot
    let log: ReadOnlySnapshot?

    static func fileURL(_ location: DataLocation) -> URL {
        location.directory.appendingPathComponent(DataLocation.databaseFileName + ".verified")
    }

    /// The history and its `-wal` as they are now; nil without a history.
    static func current(_ location: DataLocation) -> IntegrityStamp? {
        let path = location.databaseURL.path
        guard let history = ReadOnlySnapshot.of(path: path) else { return nil }
        return IntegrityStamp(history: history, log: ReadOnlySnapshot.of(path: path + "-wal"))
    }

    /// Whether the stamp left at the last clean close still describes the files.
    static func holds(_ location: DataLocation) -> Bool {
        guard let text = try? String(contentsOf: fileURL(location), encoding: .utf8),
              let current = current(location) else { return false }
        return text == current.line
    }

    /// Written after a clean close; a stamp that cannot be written only costs the next open a check.
    static func write(_ location: DataLocation) {
        guard let current = current(location) else { return }
        try? Data(current.line.utf8).write(to: fileURL(location), options: .atomic)
    }

    /// Before anything is written: from now on the files are no longer the ones the stamp describes.
    static func remove(_ location: DataLocation) {
        try? FileManager.default.removeItem(at: fileURL(location))
    }

    private var line: String {
        let files = [history] + (log.map { [$0] } ?? [])
        return "peach-verified 1 " + files.map { "\($0.device):\($0.inode):\($0.size):\($0.modified)" }
            .joined(separator: " ") + "\n"
    }
}
