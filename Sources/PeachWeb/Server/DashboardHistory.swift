import Foundation
import PeachDomain
import PeachStorage
import Synchronization

/// What the dashboard reads and (for an upload) writes of the training history.
public protocol DashboardHistory: Sendable {
    /// Every answer, in the order given; empty when there is no history yet.
    func allAnswers() throws -> (comparisons: [ComparisonRecord], pitchMatchings: [PitchMatchingRecord])
    /// The latest answers, newest first.
    func latest(limit: Int) throws -> [TrainingRecord]
    /// How many answers are stored: the dashboard recomputes its pages only when this changes.
    func counts() throws -> (comparisons: Int, pitchMatchings: Int)
    /// All or nothing, like `peach import`.
    func importRecords(comparisons: [ComparisonRecord], pitchMatchings: [PitchMatchingRecord],
                       mode: ImportMode) throws -> ImportSummary
}

/// The SQLite history in a data directory, opened once it exists (training may create it at any
/// time) and kept open; WAL lets this process read while `peach run` writes.
public final class StoreHistory: DashboardHistory {
    public let location: DataLocation
    private let store = Mutex<TrainingDataStore?>(nil)

    public init(location: DataLocation) { self.location = location }

    private func open(create: Bool = false) throws -> TrainingDataStore? {
        try store.withLock { store in
            if let store { return store }
            store = try TrainingDataStore.open(location, create: create)
            return store
        }
    }

    public func allAnswers() throws -> (comparisons: [ComparisonRecord], pitchMatchings: [PitchMatchingRecord]) {
        guard let store = try open() else { return ([], []) }
        return (try store.allComparisons(), try store.allPitchMatchings())
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
        guard let store = try open(create: true) else {
            throw StoreError.cannotCreateDirectory(path: location.directory.path, reason: "the history could not be created")
        }
        return try store.importRecords(comparisons: comparisons, pitchMatchings: pitchMatchings, mode: mode)
    }
}
