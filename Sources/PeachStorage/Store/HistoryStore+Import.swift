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
    public var timingAnswersAdded = 0
    public var gapFillAnswersAdded = 0
    /// When merging: answers already stored (or twice in the import), by the iOS app's rule: same
    /// kind, timestamp to the second, and the same reference and target note (pitch) or tempo
    /// (rhythm). Always 0 when replacing.
    public var duplicatesSkipped = 0

    /// Compare Timing and Fill the Gap answers added.
    public var rhythmAnswersAdded: Int { timingAnswersAdded + gapFillAnswersAdded }
    /// Answers of every kind added.
    public var answersAdded: Int { AnswerKinds.all.reduce(0) { $0 + self[keyPath: $1.added] } }
}

extension HistoryStore {
    /// Adds (or, with `.replace`, substitutes) answers in one transaction: all of them or none.
    public func importRecords(compareAnswers: [CompareAnswer], matchAnswers: [MatchAnswer],
                              timingAnswers: [TimingAnswer] = [], gapFillAnswers: [GapFillAnswer] = [],
                              mode: ImportMode) throws(HistoryError) -> ImportSummary {
        let answers = CSVImportResult(compareAnswers: compareAnswers, matchAnswers: matchAnswers, timingAnswers: timingAnswers,
                                      gapFillAnswers: gapFillAnswers, formatVersion: CSVColumn.currentFormat)
        do {
            return try importAnswers(mode: mode) { add in
                for kind in AnswerKinds.all { try kind.forEach(in: answers, add) }
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
                if mode == .replace { try Self.deleteAllAnswers(db) }
                var writer = ImportWriter(db)
                try produce { record in
                    let kind = record.kind
                    if mode == .merge, try writer.isStored(record, kind) {
                        summary.duplicatesSkipped += 1
                        return
                    }
                    try writer.insert(record, kind)
                    summary[keyPath: kind.added] += 1
                }
                return summary
            }
        } catch let error as DatabaseError {
            throw Self.storeError(error, path: location.databaseURL.path)
        }
    }
}

/// Prepared statements for an import, made at a kind's first answer: an insert per kind, and the
/// duplicate check (same kind and second, and the same notes or tempo: `AnswerKind.sameAnswerCondition`),
/// which also sees answers inserted earlier in the same import.
private struct ImportWriter {
    let db: Database
    private var statements: [ObjectIdentifier: (insert: Statement, exists: Statement)] = [:]

    init(_ db: Database) {
        self.db = db
    }

    private mutating func statements(_ kind: any AnswerKind.Type) throws -> (insert: Statement, exists: Statement) {
        if let made = statements[ObjectIdentifier(kind)] { return made }
        let made = try kind.importStatements(db)
        statements[ObjectIdentifier(kind)] = made
        return made
    }

    /// Whether `record` (of `kind`) is stored already.
    mutating func isStored(_ record: Answer, _ kind: any AnswerKind.Type) throws -> Bool {
        let second = record.timestamp.timeIntervalSince1970.rounded(.down)
        let arguments = kind.sameAnswerArguments(of: record, second: second)
        return try Bool.fetchOne(statements(kind).exists, arguments: arguments) ?? false
    }

    mutating func insert(_ record: Answer, _ kind: any AnswerKind.Type) throws {
        try statements(kind).insert.execute(arguments: kind.insertArguments(of: record))
    }
}
