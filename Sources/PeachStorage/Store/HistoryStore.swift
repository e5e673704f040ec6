import Foundation
import GRDB
import PeachDomain

/// The training history in SQLite: the only code that touches the database.
///
/// Every answer is one transaction in WAL mode with `synchronous = FULL`: once `save` returns, the
/// answer survives the process being killed and the power failing. An existing file is inspected
/// before anything is written to it; a file that is damaged, foreign, newer or locked is refused
/// with a `HistoryError` and left exactly as it was.
public final class HistoryStore: Sendable {
    public let location: DataLocation
    /// One connection for writing; read-only, a pool of readers (see `Access.readOnly`).
    let database: any DatabaseWriter
    /// Read-only, with no writer when it was opened: the file as it was then (see `ReadOnlySnapshot`).
    let snapshot: ReadOnlySnapshot?
    private let access: Access
    /// Whether opening read every page to check it; false when the history was unchanged since a
    /// clean close (see `IntegrityStamp`).
    public let integrityChecked: Bool

    private var path: String { location.databaseURL.path }

    /// How a commit reaches the disk.
    public enum Durability: Sendable {
        /// fsync'ed before `save` returns: a player's answers.
        case everyAnswer
        /// Left to the operating system: a simulated history (`peach simulate`), where speed matters
        /// and a power cut loses nothing anyone gave.
        case deferred
    }

    /// What the connection may do.
    public enum Access: Sendable {
        case readWrite
        /// SQLite's read-only connections: nothing is migrated, no journal mode is set, and a write
        /// fails; for `peach web`, which reads while `peach run` writes. Reads run side by side on
        /// two connections, so a long one (a CSV download to a slow phone) holds up no page. Reading
        /// a WAL database needs its `-wal` and `-shm` files: a writer keeps them (also after it
        /// closes); without them the file is read as it is (`ReadOnlySnapshot`), nothing is created.
        case readOnly
    }

    /// Opens (creating when `create` is true) the history at `location`. Returns nil when there is
    /// no history yet and `create` is false, so that read-only commands never create files.
    /// `busyTimeout` is how long a write waits for another program's lock before it is refused.
    public static func open(_ location: DataLocation, create: Bool = true, busyTimeout: Double = 2,
                            durability: Durability = .everyAnswer,
                            access: Access = .readWrite) throws(HistoryError) -> HistoryStore? {
        let path = location.databaseURL.path
        let size: Int?
        do {
            size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
        } catch let error as CocoaError where error.code == .fileReadNoPermission {
            // A data directory this user may not enter: whether a history is there cannot be seen,
            // which is not "no history yet" (`peach web` as another user showed an empty profile).
            throw .unreadable(path: path)
        } catch {
            size = nil
        }
        // A file of zero bytes is a history never written (SQLite would make it one): for a
        // read-only command that is no history yet, and nothing is written to it.
        if size == 0, !create || access == .readOnly { return nil }
        if size == nil {
            guard create, access == .readWrite else { return nil }
            do {
                try FileManager.default.createDirectory(at: location.directory, withIntermediateDirectories: true)
            } catch {
                throw .cannotCreateDirectory(path: location.directory.path, reason: error.localizedDescription)
            }
        }
        return try HistoryStore(location: location, busyTimeout: busyTimeout, durability: durability, access: access)
    }

    private init(location: DataLocation, busyTimeout: Double, durability: Durability, access: Access) throws(HistoryError) {
        self.location = location
        self.access = access
        let path = location.databaseURL.path
        let trusted = IntegrityStamp.holds(location)
        integrityChecked = !trusted
        var configuration = Configuration()
        configuration.label = "peach"
        configuration.busyMode = .timeout(busyTimeout)
        if access == .readOnly {
            configuration.readonly = true
            configuration.maximumReaderCount = 2
            configuration.prepareDatabase { db in
                // Reads stream through the tables once: a page cache would only hold memory.
                try db.execute(sql: "PRAGMA cache_size = -\(ReadOnlySnapshot.cacheKilobytes)")
            }
            snapshot = ReadOnlySnapshot.withoutWriter(path: path)
            do {
                // Opening reads the schema too, and may meet a writer's moment like any read.
                let file = snapshot.map { _ in ReadOnlySnapshot.immutableURI(path) } ?? path
                database = try ReadStart.retrying { _ in try DatabasePool(path: file, configuration: configuration) }
                try Self.read(database) { db in
                    try Self.inspect(db, path: path, checkPages: !trusted)
                    // Nothing may be migrated here: a history not yet brought up to this version
                    // (or one still being created) is read once `peach run` has done so.
                    guard try StoreSchema.migrator.hasCompletedMigrations(db) else {
                        throw HistoryError.notReadyYet(path: path)
                    }
                }
            } catch {
                throw Self.storeError(error, path: path)
            }
            return
        }
        snapshot = nil
        configuration.prepareDatabase { db in
            // FULL: each commit is fsync'ed to the WAL before it returns (NORMAL could lose the
            // last answers on power loss).
            try db.execute(sql: durability == .everyAnswer ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL")
            ReadOnlySnapshot.keepWAL(db)
        }
        do {
            database = try DatabaseQueue(path: path, configuration: configuration)
            try database.writeWithoutTransaction { db in
                try Self.inspect(db, path: path, checkPages: !trusted)
                IntegrityStamp.remove(location)
                if try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")?.lowercased() != "wal" {
                    throw HistoryError.noWriteAheadLog(path: path)
                }
            }
            try StoreSchema.migrator.migrate(database)
        } catch let error as HistoryError {
            throw error
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    /// Checks, without writing anything, that the file is a healthy Peach database this version knows.
    /// `checkPages`: also read every page (`quick_check`); skipped for a history unchanged since a
    /// clean close (`IntegrityStamp`).
    private static func inspect(_ db: Database, path: String, checkPages: Bool) throws {
        if checkPages {
            let check = try String.fetchAll(db, sql: "PRAGMA quick_check")
            guard check == ["ok"] else {
                throw HistoryError.corrupt(path: path, details: check.prefix(3).joined(separator: "; "))
            }
        }
        let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        if applicationID != StoreSchema.applicationID {
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
            guard applicationID == 0 && tables.isEmpty else { throw HistoryError.notPeachDatabase(path: path) }
            return
        }
        let migrator = StoreSchema.migrator
        let unknown = try migrator.appliedIdentifiers(db).subtracting(migrator.migrations)
        if !unknown.isEmpty {
            throw HistoryError.newerVersion(path: path, unknownMigrations: unknown.sorted())
        }
    }

    static func storeError(_ error: any Error, path: String) -> HistoryError {
        if let error = error as? HistoryError { return error }
        guard let error = error as? DatabaseError else { return .failed(path: path, reason: "\(error)") }
        // A writer's moment that did not pass (`ReadStart`): busy, not read-only.
        if ReadStart.transient.contains(error.extendedResultCode) { return .beingWritten(path: path) }
        switch error.resultCode {
        case .SQLITE_NOTADB: return .notADatabase(path: path)
        case .SQLITE_CORRUPT: return .corrupt(path: path, details: error.message ?? "malformed")
        case .SQLITE_BUSY, .SQLITE_LOCKED: return .locked(path: path)
        case .SQLITE_READONLY, .SQLITE_PERM: return .readOnlyLocation(path: path)
        case .SQLITE_FULL: return .diskFull(path: path)
        case .SQLITE_CANTOPEN:
            if FileManager.default.fileExists(atPath: path), !FileManager.default.isReadableFile(atPath: path) {
                return .unreadable(path: path)
            }
            return FileManager.default.isWritableFile(atPath: path) ? .cannotOpen(path: path)
                : .readOnlyLocation(path: path)
        default: return .failed(path: path, reason: error.message ?? "\(error.resultCode)")
        }
    }

    func write<T>(_ updates: (Database) throws -> T) throws(HistoryError) -> T {
        do {
            return try database.write(updates)
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    func read<T>(_ value: (Database) throws -> T) throws(HistoryError) -> T {
        do {
            return try Self.read(database, value)
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    /// One read transaction of `database`, begun again when a writer's moment prevented it (`ReadStart`).
    static func read<T>(_ database: any DatabaseReader, _ value: (Database) throws -> T) throws -> T {
        try ReadStart.retrying { begun in
            try database.read { db in
                // Takes the snapshot (a pool's read has, a queue's has only said BEGIN): what fails
                // from here on is not begun again.
                _ = try db.schemaVersion()
                begun()
                return try value(db)
            }
        }
    }

    // MARK: Writing answers

    /// Stores one answer durably; when this returns, the answer is on disk.
    /// An answer older than the profile checkpoint's last one (the clock was set back) forgets it.
    public func save(_ record: CompareAnswer) throws(HistoryError) {
        try save([.compare(record)], skippingStored: false)
    }

    public func save(_ record: MatchAnswer) throws(HistoryError) {
        try save([.match(record)], skippingStored: false)
    }

    /// Forgets every answer, of every kind (one transaction).
    public func deleteAll() throws(HistoryError) {
        try write { db in
            try Self.deleteAllAnswers(db)
            try ProfileCheckpoint.forget(db)
        }
    }

    static func deleteAllAnswers(_ db: Database) throws {
        for kind in AnswerKinds.all { try kind.deleteAll(db) }
    }

    // MARK: Reading

    /// Every answer of `kind`, oldest first (Fill the Gap's with their taps where trained here).
    func all<Kind: AnswerKind>(_ kind: Kind.Type) throws(HistoryError) -> [Kind.Record] {
        try read { db in try kind.all(db) }
    }

    /// Every Hear & Compare answer, oldest first.
    public func allCompareAnswers() throws(HistoryError) -> [CompareAnswer] { try all(CompareAnswerKind.self) }

    /// Every Tune & Match answer, oldest first.
    public func allMatchAnswers() throws(HistoryError) -> [MatchAnswer] { try all(MatchAnswerKind.self) }

    /// Every Compare Timing answer, oldest first.
    public func allTimingAnswers() throws(HistoryError) -> [TimingAnswer] { try all(TimingAnswerKind.self) }

    /// Every Fill the Gap answer, oldest first, with its taps where it was trained here.
    public func allGapFillAnswers() throws(HistoryError) -> [GapFillAnswer] { try all(GapFillAnswerKind.self) }

    public func counts() throws(HistoryError) -> AnswerCounts {
        try read { db in
            var counts = AnswerCounts()
            for kind in AnswerKinds.all { counts[keyPath: kind.counted] = try kind.count(db) }
            return counts
        }
    }

    /// How long a write waits for another program's lock from now on. Training sets it short: a
    /// refused answer is journaled at once instead of holding up the exercise for seconds.
    public func waitForLocks(upTo seconds: Double) {
        let milliseconds = max(0, Int((seconds * 1000).rounded()))
        try? database.writeWithoutTransaction { try $0.execute(sql: "PRAGMA busy_timeout = \(milliseconds)") }
    }

    /// `PRAGMA integrity_check`: "ok", or what is wrong.
    public func integrityCheck() throws(HistoryError) -> [String] {
        try read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
    }
}

/// How many answers of each kind the history holds.
public struct AnswerCounts: Hashable, Sendable {
    public var compareAnswers: Int
    public var matchAnswers: Int
    public var timingAnswers: Int
    public var gapFillAnswers: Int

    public init(compareAnswers: Int = 0, matchAnswers: Int = 0, timingAnswers: Int = 0, gapFillAnswers: Int = 0) {
        self.compareAnswers = compareAnswers
        self.matchAnswers = matchAnswers
        self.timingAnswers = timingAnswers
        self.gapFillAnswers = gapFillAnswers
    }

    /// Compare Timing and Fill the Gap together.
    public var rhythmAnswers: Int { timingAnswers + gapFillAnswers }
    public var total: Int { AnswerKinds.all.reduce(0) { $0 + self[keyPath: $1.counted] } }
}

/// The store records every answer the sessions report.
extension HistoryStore: CompareObserver, MatchObserver {
    public func compareAnswered(_ completed: CompareAnswer) throws {
        try save(completed)
    }

    public func matchAnswered(_ completed: MatchAnswer) throws {
        try save(completed)
    }
}

extension HistoryStore {
    /// Checkpoints the write-ahead log and closes the file; the store is unusable afterwards.
    /// Closes the history; a writer's clean close leaves the stamp that spares the next open its
    /// check of every page (`IntegrityStamp`).
    public func close() throws {
        try database.close()
        if access == .readWrite { IntegrityStamp.write(location) }
    }
}
