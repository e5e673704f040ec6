import Foundation
import GRDB
import PeachDomain

/// Beginning a read is tried again when SQLite says the moment was wrong, not the history.
///
/// A reader that may not write the WAL index (`-shm`), as `peach web` running as a user to whom
/// the data directory is read-only, cannot repair a header it caught while `peach run` was writing
/// it. SQLite then refuses at once to begin the read with SQLITE_READONLY_RECOVERY or _CANTINIT.
/// Measured here: about 1 in 150,000 reads beside a writer committing back to back, more when the
/// machine is busy. The next attempt a moment later reads normally. (SQLITE_BUSY_RECOVERY and
/// SQLITE_PROTOCOL come only after SQLite's own waiting, seconds long: they are reported.)
///
/// Only the start is tried again: once the read has begun (its snapshot taken), what it has done
/// (rows handed to a download) cannot be taken back, and a failure then is reported as it is.
enum ReadStart {
    /// The codes that mean "another process is in the middle of a write; try again".
    static let transient: [ResultCode] = [.SQLITE_READONLY_RECOVERY, .SQLITE_READONLY_CANTINIT]
    /// Doubling from 1 ms, then every 128 ms: about 2 s in all, the store's busy timeout.
    static let pauses: [Duration] = (0..<7).map { .milliseconds(1 << $0) } + Array(repeating: .milliseconds(128), count: 15)

    /// `read`, again after each of `pauses` while it fails with a transient code before calling
    /// `begun` (which the read calls once its snapshot is taken; an open, which has nothing to undo,
    /// never calls it).
    static func retrying<T>(pauses: [Duration] = pauses,
                            pause: (Duration) -> Void = { Thread.sleep(forTimeInterval: $0.seconds) },
                            _ read: (_ begun: () -> Void) throws -> T) throws -> T {
        var remaining = pauses[...]
        while true {
            var began = false
            do {
                return try read { began = true }
            } catch let error as DatabaseError where !began && transient.contains(error.extendedResultCode) {
                guard let next = remaining.popFirst() else { throw error }
                pause(next)
            }
        }
    }
}
