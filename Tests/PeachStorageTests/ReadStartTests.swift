import Foundation
import GRDB
import Testing
@testable import PeachStorage

/// A read refused because a writer was mid-commit is begun again; nothing else is.
@Suite("a read begun again after a writer's moment")
struct ReadStartTests {
    /// A read that fails with `failures` before it begins, then returns 7; counts its attempts.
    final class Attempts {
        var failures: [ResultCode]
        var count = 0
        var paused: [Duration] = []
        init(_ failures: [ResultCode]) { self.failures = failures }

        func read(begun: () -> Void) throws -> Int {
            count += 1
            if !failures.isEmpty { throw DatabaseError(resultCode: failures.removeFirst()) }
            begun()
            return 7
        }
    }

    @Test("a WAL-index header caught mid-write by a reader that may not repair it: begun again, after 1, 2, 4 … ms",
          arguments: [ResultCode.SQLITE_READONLY_RECOVERY, .SQLITE_READONLY_CANTINIT])
    func transient(code: ResultCode) throws {
        let attempts = Attempts([code, code, code])
        let value = try ReadStart.retrying(pause: { attempts.paused.append($0) }) { begun in try attempts.read(begun: begun) }
        #expect(value == 7)
        #expect(attempts.count == 4)
        #expect(attempts.paused == [.milliseconds(1), .milliseconds(2), .milliseconds(4)])
    }

    @Test("a history that cannot be read (corrupt, not a database, read-only for a writer, busy beyond the timeout, SQLite's own waiting over) fails at once",
          arguments: [ResultCode.SQLITE_CORRUPT, .SQLITE_NOTADB, .SQLITE_READONLY, .SQLITE_BUSY, .SQLITE_CANTOPEN,
                      .SQLITE_BUSY_RECOVERY, .SQLITE_PROTOCOL])
    func lasting(code: ResultCode) {
        let attempts = Attempts([code])
        #expect(throws: DatabaseError.self) {
            try ReadStart.retrying(pause: { attempts.paused.append($0) }) { begun in try attempts.read(begun: begun) }
        }
        #expect(attempts.count == 1)
        #expect(attempts.paused.isEmpty)
    }

    @Test("once the read has begun, a failure is reported, not read again: what it handed over cannot be taken back")
    func afterItBegan() {
        var count = 0
        #expect(throws: DatabaseError.self) {
            try ReadStart.retrying(pause: { _ in }) { begun in
                count += 1
                begun()
                throw DatabaseError(resultCode: .SQLITE_READONLY_RECOVERY)
            }
        }
        #expect(count == 1)
    }

    @Test("a writer's moment that never passes ends after about the busy timeout, with SQLite's own error")
    func patience() throws {
        let attempts = Attempts(Array(repeating: .SQLITE_READONLY_RECOVERY, count: 1000))
        let error = try #require(throws: DatabaseError.self) {
            try ReadStart.retrying(pause: { attempts.paused.append($0) }) { begun in try attempts.read(begun: begun) }
        }
        #expect(error.extendedResultCode == .SQLITE_READONLY_RECOVERY)
        #expect(attempts.count == ReadStart.pauses.count + 1)
        let waited = attempts.paused.reduce(Duration.zero, +)
        #expect(waited >= .milliseconds(1900) && waited <= .milliseconds(2100), "\(waited)")
    }

    @Test("a writer's moment that never passed is said as such, not as a read-only or locked history")
    func saidAsBeingWritten() {
        let error = HistoryStore.storeError(DatabaseError(resultCode: .SQLITE_READONLY_RECOVERY), path: "/data/peach.sqlite")
        #expect(error == .beingWritten(path: "/data/peach.sqlite"))
        #expect(error.description.hasPrefix("/data/peach.sqlite was being written"), "\(error)")
        #expect(HistoryStore.storeError(DatabaseError(resultCode: .SQLITE_READONLY), path: "/p") == .readOnlyLocation(path: "/p"))
    }
}
