import Foundation
import GRDB
import PeachDomain

public enum ImportMode: String, Sendable {
    /// Keep what is stored; add what is new (duplicates skipped).
    case merge
    /// Forget what is stored; keep exactly what is imported.
    case replace
}

public struct ImportSummary: Hashable, Sendable {
    public var comparisonsAdded = 0
    public var pitchMatchingsAdded = 0
    /// When merging: answers already stored (or twice in the import), by the iOS app's rule: same
    /// training type, reference and target note, and timestamp to the second. Always 0 when replacing.
    public var duplicatesSkipped = 0
}

extension TrainingDataStore {
    /// Adds (or, with `.replace`, substitutes) answers in one transaction: all of them or none.
    public func importRecords(comparisons: [ComparisonRecord], pitchMatchings: [PitchMatchingRecord],
                              mode: ImportMode) throws(StoreError) -> ImportSummary {
        try write { db in
            var summary = ImportSummary()
            var seen = Set<DuplicateKey>()
            switch mode {
            case .replace:
                try StoredComparison.deleteAll(db)
                try StoredPitchMatching.deleteAll(db)
            case .merge:
                let rows = try Row.fetchCursor(db, sql: """
                    SELECT 0, timestamp, referenceNote, targetNote FROM comparison
                    UNION ALL SELECT 1, timestamp, referenceNote, targetNote FROM pitchMatching
                    """)
                while let row = try rows.next() {
                    seen.insert(DuplicateKey(isMatching: StoredValue.integer(row, 0) == 1, timestamp: StoredValue.real(row, 1),
                                             reference: StoredValue.integer(row, 2) ?? -1,
                                             target: StoredValue.integer(row, 3) ?? -1))
                }
            }
            /// Inserts unless merging and the answer is already there (or earlier in this import).
            func add(_ key: DuplicateKey, _ insert: () throws -> Void) throws -> Bool {
                guard mode == .replace || seen.insert(key).inserted else {
                    summary.duplicatesSkipped += 1
                    return false
                }
                try insert()
                return true
            }
            for record in comparisons {
                let key = DuplicateKey(isMatching: false, timestamp: record.timestamp.timeIntervalSince1970,
                                       reference: record.referenceNote.rawValue, target: record.targetNote.rawValue)
                if try add(key, { try StoredComparison(record).insert(db) }) { summary.comparisonsAdded += 1 }
            }
            for record in pitchMatchings {
                let key = DuplicateKey(isMatching: true, timestamp: record.timestamp.timeIntervalSince1970,
                                       reference: record.referenceNote.rawValue, target: record.targetNote.rawValue)
                if try add(key, { try StoredPitchMatching(record).insert(db) }) { summary.pitchMatchingsAdded += 1 }
            }
            return summary
        }
    }
}

/// Two answers are the same answer when type, notes and the second they were given agree.
private struct DuplicateKey: Hashable {
    let isMatching: Bool
    let second: Int64
    let reference: Int
    let target: Int

    init(isMatching: Bool, timestamp: Double, reference: Int, target: Int) {
        self.isMatching = isMatching
        // A stored time that is not a number of seconds a date can be (an older Peach accepted any) is
        // its own key, never a trap.
        self.second = abs(timestamp) < 1e15 ? Int64(timestamp.rounded(.down)) : Int64.min
        self.reference = reference
        self.target = target
    }
}
