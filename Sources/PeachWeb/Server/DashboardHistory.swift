import Foundation
import PeachDomain
import PeachStorage
import Synchronization

/// What the dashboard reads and (for an upload) writes of the training history.
public protocol DashboardHistory: Sendable {
    /// Hands every answer, each kind in time order, to `digest` one at a time; nothing when there
    /// is no history yet.
    func read(into digest: inout HistoryDigest) throws
    /// Exactly `peach export`, in pieces as it is read.
    func exportCSV(_ emit: (String) throws -> Void) throws
    /// The latest answers, newest first.
    func latest(limit: Int) throws -> [TrainingRecord]
    /// How many answers are stored: the dashboard recomputes its pages only when this changes.
    func counts() throws -> (comparisons: Int, pitchMatchings: Int)
    /// All or nothing, like `peach import`.
    func importRecords(comparisons: [ComparisonRecord], pitchMatchings: [PitchMatchingRecord],
                       mode: ImportMode) throws -> ImportSummary
}

/// The SQLite history in a data directory, opened read-only once it exists (training may create
/// it at any time) and kept open; WAL lets this process read while `peach run` writes. Only an
/// upload through the import form writes, through a connection of its own, closed afterwards.
public final class StoreHistory: DashboardHistory {
    public let location: DataLocation
    private let store = Mutex<TrainingDataStore?>(nil)

    public init(location: DataLocation) { self.location = location }

    private func open() throws -> TrainingDataStore? {
        try store.withLock { store in
            if let store { return store }
            store = try TrainingDataStore.open(location, create: false, access: .readOnly)
            return store
        }
    }

    public func read(into digest: inout HistoryDigest) throws {
        guard let store = try open() else { return }
        try store.forEachAnswer(comparison: { digest.add($0) }, pitchMatching: { digest.add($0) })
    }

    public func exportCSV(_ emit: (String) throws -> Void) throws {
        guard let store = try open() else { return try emit(TrainingDataCSV.export(comparisons: [], pitchMatchings: [])) }
        try store.exportCSV(emit: emit)
    }

    public func latest(limit: Int) throws -> [TrainingRecord] {
        guard let store = try open() else { return [] }
        return try store.latest(limit: limit)
    }

    public func counts() throws -> (comparisons: Int, pitchMatchings: Int) {
        guard let store = try open() else { return (0, 0) }
        return try store.counts()
    }

    public func importRecords(comparisons: [ComparisonRecord], pitchMatchings: [PitchMatchingRecord],
                              mode: ImportMode) throws -> ImportSummary {
        guard let writable = try TrainingDataStore.open(location, create: true) else {
            throw StoreError.cannotCreateDirectory(path: location.directory.path, reason: "the history could not be created")
        }
        defer { try? writable.close() }
        return try writable.importRecords(comparisons: comparisons, pitchMatchings: pitchMatchings, mode: mode)
    }
}
