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
    public var compareAnswersAdded = 0
    public var matchAnswersAdded = 0
    /// When merging: answers already stored (or twice in the import), by the iOS app's rule: same
    /// training type, reference and target note, and timestamp to the second. Always 0 when replacing.
    public var duplicatesSkipped = 0
}

extension HistoryStore {
    /// Adds (or, with `.replace`, substitutes) answers in one transaction: all of them or none.
    public func importRecords(compareAnswers: [CompareAnswer], matchAnswers: [MatchAnswer],
                              mode: ImportMode) throws(HistoryError) -> ImportSummary {
        do {
            return try importAnswers(mode: mode) { add in
                for record in compareAnswers { try add(.compare(record)) }
                for record in matchAnswers { try add(.match(record)) }
            }
        } catch let error as HistoryError {
            throw error
        } catch {
            throw Self.storeError(error, path: location.databaseURL.path)
        }
    }

    /// One all-or-nothing transaction in which `produce` hands over answers one by one (as a file is
    /// read), each written at once: nothing is held in memory. Whatever `produce` throws undoes the
    /// whole import and is rethrown as it is; database errors become `HistoryError`.
    public func importAnswers(mode: ImportMode,
                              _ produce: (_ add: (Answer) throws -> Void) throws -> Void) throws -> ImportSummary {
        do {
            return try database.write { db in
                var summary = ImportSummary()
                // An import may add answers older than the checkpoint's, or replace them all.
                try ProfileCheckpoint.forget(db)
                if mode == .replace {
                    try StoredCompareAnswer.deleteAll(db)
                    try StoredMatchAnswer.deleteAll(db)
                }
                let writer = try ImportWriter(db)
                try produce { record in
                    if mode == .merge, try writer.isStored(record) {
                        summary.duplicatesSkipped += 1
                        return
                    }
                    try writer.insert(record)
                    switch record {
                    case .compare: summary.compareAnswersAdded += 1
                    case .match: summary.matchAnswersAdded += 1
                    }
                }
                return summary
            }
        } catch let error as DatabaseError {
            throw Self.storeError(error, path: location.databaseURL.path)
        }
    }
}

/// Prepared statements for an import: an insert per kind, and the duplicate check (same kind, notes
/// and second), which also sees answers inserted earlier in the same import.
private struct ImportWriter {
    let insertComparison: Statement
    let insertMatching: Statement
    let comparisonExists: Statement
    let matchingExists: Statement

    init(_ db: Database) throws {
        insertComparison = try db.makeStatement(sql: """
            INSERT INTO comparison (timestamp, referenceNote, targetNote, interval, tuningSystem, centOffset, isCorrect)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        insertMatching = try db.makeStatement(sql: """
            INSERT INTO pitchMatching (timestamp, referenceNote, targetNote, interval, tuningSystem, initialCentOffset,
                                       userCentError)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        // not a text: SQL
        let exists = "WHERE timestamp >= ? AND timestamp < ? AND referenceNote = ? AND targetNote = ?"
        comparisonExists = try db.makeStatement(sql: "SELECT EXISTS (SELECT 1 FROM comparison \(exists))")
        matchingExists = try db.makeStatement(sql: "SELECT EXISTS (SELECT 1 FROM pitchMatching \(exists))")
    }

    func isStored(_ record: Answer) throws -> Bool {
        let (statement, timestamp, reference, target): (Statement, Date, MIDINote, MIDINote)
        switch record {
        case .compare(let answer):
            (statement, timestamp, reference, target) = (comparisonExists, answer.timestamp, answer.referenceNote,
                                                         answer.targetNote)
        case .match(let answer):
            (statement, timestamp, reference, target) = (matchingExists, answer.timestamp, answer.referenceNote,
                                                         answer.targetNote)
        }
        let second = timestamp.timeIntervalSince1970.rounded(.down)
        return try Bool.fetchOne(statement, arguments: [second, second + 1, reference.rawValue, target.rawValue]) ?? false
    }

    func insert(_ record: Answer) throws {
        switch record {
        case .compare(let answer):
            try insertComparison.execute(arguments: [
                answer.timestamp.timeIntervalSince1970, answer.referenceNote.rawValue, answer.targetNote.rawValue,
                answer.interval.signedSemitones, answer.tuningSystem.rawValue, answer.centOffset.rawValue,
                answer.isCorrect,
            ])
        case .match(let answer):
            try insertMatching.execute(arguments: [
                answer.timestamp.timeIntervalSince1970, answer.referenceNote.rawValue, answer.targetNote.rawValue,
                answer.interval.signedSemitones, answer.tuningSystem.rawValue, answer.initialCentOffset.rawValue,
                answer.userCentError.rawValue,
            ])
        }
    }
}
