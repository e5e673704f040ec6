import Foundation
import GRDB
import PeachDomain

/// What the history does with every kind alike.
extension AnswerKind {
    /// Writes `answer` when it is of this kind (and, with `skippingStored`, not stored already);
    /// whether it was written.
    static func save(_ answer: Answer, skippingStored: Bool, _ db: Database) throws -> Bool {
        guard let record = record(of: answer) else { return false }
        let row = stored(record)
        if skippingStored, try isStored(row, db) { return false }
        try row.insert(db)
        try didInsert(record, id: db.lastInsertedRowID, db)
        if profileReads {
            try ProfileCheckpoint.forget(ifBefore: answer.timestamp.timeIntervalSince1970, in: table, db)
        }
        return true
    }

    /// Every answer of this kind, oldest first (by time, then as stored).
    static func all(_ db: Database) throws -> [Record] {
        try Array(Stored.order(Column("timestamp"), Column("id")).fetchCursor(db).compactMap { try record($0, db) })
    }

    /// The latest `limit`, newest first.
    static func latest(_ limit: Int, _ db: Database) throws -> [Answer] {
        let newestFirst = [Column("timestamp").desc, Column("id").desc]
        return try Stored.order(newestFirst).limit(limit).fetchAll(db).compactMap { try record($0, db) }.map(answer)
    }

    static func count(_ db: Database) throws -> Int {
        try Stored.fetchCount(db)
    }

    /// Each answer with `from ≤ time < before` (either bound may be absent), oldest first.
    static func forEach(from: Date?, before: Date?, _ db: Database, _ body: (Record) throws -> Void) throws {
        var condition: [String] = []
        var arguments: [any DatabaseValueConvertible] = []
        if let from { condition.append("timestamp >= ?"); arguments.append(from.timeIntervalSince1970) }
        if let before { condition.append("timestamp < ?"); arguments.append(before.timeIntervalSince1970) }
        let filter = condition.isEmpty ? "" : "WHERE " + condition.joined(separator: " AND ")
        let rows = try Stored.fetchCursor(db, sql: "SELECT * FROM \(table) \(filter) ORDER BY timestamp, id",
                                          arguments: StatementArguments(arguments))
        while let stored = try rows.next() {
            if let record = try record(stored, db) { try body(record) }
        }
    }

    /// The next answer as the CSV export writes it (without what other tables keep), oldest first.
    static func exportCursor(_ db: Database) throws -> () throws -> Answer? {
        let rows = try Stored.order(Column("timestamp"), Column("id")).fetchCursor(db)
        return {
            while let stored = try rows.next() { if let record = record(stored) { return answer(record) } }
            return nil
        }
    }

    /// The lowest and highest id (two index look-ups, not a count).
    static func ids(_ db: Database) throws -> ClosedRange<Int64>? {
        // Two sub-queries: SQLite answers a lone min() or max() from the end of the index, but
        // scans the table for both in one SELECT.
        guard let row = try Row.fetchOne(db, sql: "SELECT (SELECT min(id) FROM \(table)), (SELECT max(id) FROM \(table))"),
              let low = row[0] as Int64?, let high = row[1] as Int64? else { return nil }
        return low...high
    }

    /// How many answers are stored before `before`, and the highest id of them.
    static func mark(before: Date, _ db: Database) throws -> (Int, Int64?) {
        let row = try Row.fetchOne(db, sql: "SELECT count(*), max(id) FROM \(table) WHERE timestamp < ?",
                                   arguments: [before.timeIntervalSince1970])
        return (row?[0] ?? 0, row?[1])
    }

    /// The import's statements: its insert and its duplicate check.
    static func importStatements(_ db: Database) throws -> (insert: Statement, exists: Statement) {
        // not a text: SQL
        let exists = "SELECT EXISTS (SELECT 1 FROM \(table) WHERE timestamp >= ? AND timestamp < ? AND \(sameAnswerCondition))"
        return (try db.makeStatement(sql: insertSQL), try db.makeStatement(sql: exists))
    }

    static func insertArguments(of answer: Answer) -> StatementArguments {
        guard let record = record(of: answer) else { return [] }
        return insertArguments(record)
    }

    static func sameAnswerArguments(of answer: Answer, second: Double) -> StatementArguments {
        guard let record = record(of: answer) else { return [] }
        return sameAnswerArguments(record, second: second)
    }
}
