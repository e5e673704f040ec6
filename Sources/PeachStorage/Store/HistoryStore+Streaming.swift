import Foundation
import GRDB
import PeachDomain

extension HistoryStore {
    /// Every pitch answer (the profile's), each kind oldest first (by time, then as stored), handed over one at a time
    /// from database cursors within one read: a consistent snapshot while `peach run` writes, in
    /// memory that does not grow with the history. Errors thrown by the handlers come out as they
    /// are; the database's own as `HistoryError`.
    public func forEachAnswer(comparison: (CompareAnswer) throws -> Void,
                              pitchMatching: (MatchAnswer) throws -> Void) throws {
        try streaming { db in
            let compareAnswers = try StoredCompareAnswer.order(Column("timestamp"), Column("id")).fetchCursor(db)
            while let stored = try compareAnswers.next() {
                if let record = stored.record { try comparison(record) }
            }
            let matchAnswers = try StoredMatchAnswer.order(Column("timestamp"), Column("id")).fetchCursor(db)
            while let stored = try matchAnswers.next() {
                if let record = stored.record { try pitchMatching(record) }
            }
        }
    }

    /// Exactly `HistoryCSV.export` of every answer, of every kind, handed to `emit` in pieces of
    /// about `chunkSize` bytes as the tables are read side by side (`peach export`, `/export.csv`).
    public func exportCSV(chunkSize: Int = 64 << 10, emit: (String) throws -> Void) throws {
        try streaming { db in
            let byTime = [Column("timestamp"), Column("id")]
            let compareAnswers = try StoredCompareAnswer.order(byTime).fetchCursor(db)
            let matchAnswers = try StoredMatchAnswer.order(byTime).fetchCursor(db)
            let timingAnswers = try StoredTimingAnswer.order(byTime).fetchCursor(db)
            let gapFillAnswers = try StoredGapFillAnswer.order(byTime).fetchCursor(db)
            try HistoryCSV.export(
                nextCompareAnswer: {
                    while let stored = try compareAnswers.next() { if let record = stored.record { return record } }
                    return nil
                },
                nextMatchAnswer: {
                    while let stored = try matchAnswers.next() { if let record = stored.record { return record } }
                    return nil
                },
                nextTimingAnswer: {
                    while let stored = try timingAnswers.next() { if let record = stored.record { return record } }
                    return nil
                },
                nextGapFillAnswer: {
                    while let stored = try gapFillAnswers.next() { if let record = stored.record { return record } }
                    return nil
                },
                chunkSize: chunkSize, emit: emit)
        }
    }

    /// One read; the database's errors as `HistoryError`, the caller's as thrown.
    private func streaming(_ body: (Database) throws -> Void) throws {
        do {
            try Self.read(database, body)
        } catch let error as DatabaseError {
            throw Self.storeError(error, path: location.databaseURL.path)
        }
    }
}
