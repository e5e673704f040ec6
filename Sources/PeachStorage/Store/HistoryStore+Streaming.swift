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
        try reading { reader in try reader.forEachAnswer(comparison: comparison, pitchMatching: pitchMatching) }
    }

    /// Exactly `HistoryCSV.export` of every answer, of every kind, handed to `emit` in pieces of
    /// about `chunkSize` bytes as the tables are read side by side (`peach export`, `/export.csv`).
    public func exportCSV(chunkSize: Int = 64 << 10, emit: (String) throws -> Void) throws {
        try streaming { db in
            let sources = try AnswerKinds.all.map { kind in try kind.exportCursor(db) }
            try HistoryCSV.export(sources: sources, chunkSize: chunkSize, emit: emit)
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
