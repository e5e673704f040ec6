import Foundation
import GRDB
import PeachDomain

extension TrainingDataStore {
    /// Every answer, each kind oldest first (by time, then as stored), handed over one at a time
    /// from database cursors within one read: a consistent snapshot while `peach run` writes, in
    /// memory that does not grow with the history. Errors thrown by the handlers come out as they
    /// are; the database's own as `StoreError`.
    public func forEachAnswer(comparison: (ComparisonRecord) throws -> Void,
                              pitchMatching: (PitchMatchingRecord) throws -> Void) throws {
        try streaming { db in
            let comparisons = try StoredComparison.order(Column("timestamp"), Column("id")).fetchCursor(db)
            while let stored = try comparisons.next() {
                if let record = stored.record { try comparison(record) }
            }
            let pitchMatchings = try StoredPitchMatching.order(Column("timestamp"), Column("id")).fetchCursor(db)
            while let stored = try pitchMatchings.next() {
                if let record = stored.record { try pitchMatching(record) }
            }
        }
    }

    /// Exactly `TrainingDataCSV.export` of every answer, handed to `emit` in pieces of about
    /// `chunkSize` bytes as the two tables are read side by side (`peach export`, `/export.csv`).
    public func exportCSV(chunkSize: Int = 64 << 10, emit: (String) throws -> Void) throws {
        try streaming { db in
            let comparisons = try StoredComparison.order(Column("timestamp"), Column("id")).fetchCursor(db)
            let pitchMatchings = try StoredPitchMatching.order(Column("timestamp"), Column("id")).fetchCursor(db)
            try TrainingDataCSV.export(
                nextComparison: {
                    while let stored = try comparisons.next() { if let record = stored.record { return record } }
                    return nil
                },
                nextPitchMatching: {
                    while let stored = try pitchMatchings.next() { if let record = stored.record { return record } }
                    return nil
                },
                chunkSize: chunkSize, emit: emit)
        }
    }

    /// One read; the database's errors as `StoreError`, the caller's as thrown.
    private func streaming(_ body: (Database) throws -> Void) throws {
        do {
            try Self.read(database, body)
        } catch let error as DatabaseError {
            throw Self.storeError(error, path: location.databaseURL.path)
        }
    }
}
