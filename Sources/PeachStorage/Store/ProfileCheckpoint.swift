import Foundation
import GRDB
import PeachDomain

/// The profile's state as it was after the answers up to a point in the history (one row of
/// `profileCheckpoint`), so that `peach run` starts by reading only the answers given since.
///
/// Each answer table has its `Mark`: how many rows the state covers, the last of them in the store's
/// order (time, then id) and the highest id then. Ids only grow (AUTOINCREMENT), so a row with a
/// higher id that sorts before the last one is an older answer added since; fewer rows than counted
/// means some were deleted. Either way the checkpoint is not used and the history is read again.
struct ProfileCheckpoint: Sendable {
    static let tableName = "profileCheckpoint"

    struct Mark: Equatable, Sendable {
        var count: Int
        /// The last covered row in the store's order; nil when the table was empty.
        var last: (time: Double, id: Int64)?
        var highestID: Int64

        static func == (a: Mark, b: Mark) -> Bool {
            a.count == b.count && a.highestID == b.highestID && a.last?.id == b.last?.id
                && a.last?.time.bitPattern == b.last?.time.bitPattern
        }
    }

    /// `ProfileAnswers.saved()`.
    var state: Data
    var compareAnswers: Mark
    var matchAnswers: Mark

    static let answerTables = [StoredCompareAnswer.databaseTableName, StoredMatchAnswer.databaseTableName]

    static func createTable(_ db: Database) throws {
        try db.create(table: tableName) { table in
            table.column("id", .integer).primaryKey().check { $0 == 1 }
            table.column("state", .blob).notNull()
            for answers in answerTables {
                table.column("\(answers)Count", .integer).notNull()
                table.column("\(answers)LastTime", .double)
                table.column("\(answers)LastID", .integer)
                table.column("\(answers)HighestID", .integer).notNull()
            }
        }
        // Nothing in Peach changes a stored answer; should anything else, the checkpoint goes with it.
        for answers in answerTables {
            try db.execute(sql: """
                CREATE TRIGGER \(answers)_update_forgets_checkpoint AFTER UPDATE ON \(answers)
                BEGIN DELETE FROM \(tableName); END
                """)
        }
    }

    /// The saved checkpoint; nil when there is none or its row is not one (it is then rebuilt).
    static func load(_ db: Database) throws -> ProfileCheckpoint? {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM \(tableName) WHERE id = 1"),
              let state = value(row, "state", as: Data.self),
              let compareAnswers = mark(row, StoredCompareAnswer.databaseTableName),
              let matchAnswers = mark(row, StoredMatchAnswer.databaseTableName) else { return nil }
        return ProfileCheckpoint(state: state, compareAnswers: compareAnswers, matchAnswers: matchAnswers)
    }

    /// Nil for marks no checkpoint can have: a count without a last row, or a last row without a count.
    private static func mark(_ row: Row, _ answers: String) -> Mark? {
        let count = value(row, "\(answers)Count", as: Int.self)
        let highestID = value(row, "\(answers)HighestID", as: Int64.self)
        let time = value(row, "\(answers)LastTime", as: Double.self)
        let id = value(row, "\(answers)LastID", as: Int64.self)
        guard let count, let highestID else { return nil }
        if let time, let id, count > 0 { return Mark(count: count, last: (time, id), highestID: highestID) }
        if time == nil, id == nil, count == 0 { return Mark(count: 0, last: nil, highestID: highestID) }
        return nil
    }

    /// Nil for NULL or a value of another type: a damaged row never traps (`Row`'s subscript would).
    private static func value<Value: DatabaseValueConvertible>(_ row: Row, _ column: String, as: Value.Type) -> Value? {
        let stored: DatabaseValue = row[column]
        return Value.fromDatabaseValue(stored)
    }

    func save(_ db: Database) throws {
        var columns = ["id", "state"]
        var values: [(any DatabaseValueConvertible)?] = [1, state]
        for (answers, mark) in zip(Self.answerTables, [compareAnswers, matchAnswers]) {
            columns += ["\(answers)Count", "\(answers)LastTime", "\(answers)LastID", "\(answers)HighestID"]
            values += [mark.count, mark.last?.time, mark.last?.id, mark.highestID]
        }
        let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        try db.execute(sql: "INSERT OR REPLACE INTO \(Self.tableName) (\(columns.joined(separator: ", "))) VALUES (\(placeholders))",
                       arguments: StatementArguments(values))
    }

    /// Forgets the checkpoint, in the caller's transaction: for whatever changes the history before it.
    static func forget(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM \(tableName)")
    }

    /// Forgets it when an answer of `time` sorts before the last one it covers in `answers`.
    static func forget(ifBefore time: Double, in answers: String, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM \(tableName) WHERE \(answers)LastTime > ?", arguments: [time])
    }
}
