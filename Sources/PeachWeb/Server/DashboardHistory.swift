import Foundation
import PeachDomain
import PeachStorage
import PeachText
import Synchronization

/// What the dashboard reads and (for an upload) writes of the training history.
public protocol DashboardHistory: Sendable {
    /// What is stored, cheaply: the dashboard reads the history again only when this changes.
    func version() throws -> HistoryVersion?
    /// The digest of every answer as of `now` in `calendar`, with the progress fits over `range`;
    /// exactly what one pass over the whole history would give.
    func digest(now: Date, calendar: any TrainingCalendar, range: NoteRange) throws -> HistoryDigest
    /// Exactly `peach export`, in pieces as it is read.
    func exportCSV(_ emit: (String) throws -> Void) throws
    /// The latest answers, newest first.
    func latest(limit: Int) throws -> [Answer]
    /// Every answer of a parsed file, all or nothing, like `peach import`.
    func importRecords(_ file: CSVImportResult, mode: ImportMode) throws -> ImportSummary
}

/// The SQLite history in a data directory, opened read-only once it exists (training may create
/// it at any time) and kept open; WAL lets this process read while `peach run` writes. Only an
/// upload through the import form writes, through a connection of its own, closed afterwards.
///
/// A history nobody writes is read as it is (`HistoryStore.readsWithoutWriter`); once a
/// writer comes the store is opened again and what was read meanwhile is read again.
public final class History: DashboardHistory {
    public let location: DataLocation
    let texts: Texts
    private let store = Mutex<HistoryStore?>(nil)
    let checkpoints = DigestCheckpoints()

    public init(location: DataLocation, texts: Texts = .english) {
        self.location = location
        self.texts = texts
    }

    private func open() throws -> HistoryStore? {
        try store.withLock { store in
            if let current = store, current.isCurrent { return current }
            // A store still in use elsewhere (a download) is closed when its last reader lets it go.
            store = try HistoryStore.open(location, create: false, access: .readOnly)
            return store
        }
    }

    /// `body` on the open store, again on a store opened anew when a writer came meanwhile.
    private func reading<T>(_ body: (HistoryStore?) throws -> T) throws -> T {
        while true {
            let store = try open()
            let value = try body(store)
            if store?.isCurrent ?? true { return value }
        }
    }

    public func version() throws -> HistoryVersion? {
        try reading { store in try store?.reading { try $0.version() } }
    }

    public func digest(now: Date, calendar: any TrainingCalendar, range: NoteRange) throws -> HistoryDigest {
        try reading { store in
            guard let store else { return HistoryDigest(now: now, calendar: calendar, progressRange: range) }
            return try store.reading { reader in try checkpoints.digest(reader, now: now, calendar: calendar, range: range) }
        }
    }

    public func exportCSV(_ emit: (String) throws -> Void) throws {
        guard let store = try open() else { return try emit(HistoryCSV.export(compareAnswers: [], matchAnswers: [])) }
        try store.exportCSV(emit: emit)
        // What was sent cannot be taken back: a download that a writer overtook ends as failed.
        guard store.isCurrent else { throw HistoryError.failed(path: location.databaseURL.path, reason: texts.text(.dashboardHistoryChanged)) }
    }

    public func latest(limit: Int) throws -> [Answer] {
        try reading { store in try store?.latest(limit: limit) ?? [] }
    }

    public func importRecords(_ file: CSVImportResult, mode: ImportMode) throws -> ImportSummary {
        guard let writable = try HistoryStore.open(location, create: true) else {
            throw HistoryError.cannotCreateDirectory(path: location.directory.path, reason: texts.text(.dashboardHistoryNotCreated))
        }
        defer { try? writable.close() }
        return try writable.importRecords(compareAnswers: file.compareAnswers, matchAnswers: file.matchAnswers,
                                          timingAnswers: file.timingAnswers, gapFillAnswers: file.gapFillAnswers, mode: mode)
    }
}
