import Foundation
import GRDB
import PeachDomain

/// Gathers the profile's answers within one transaction: from the checkpoint and the rows after it
/// when the checkpoint still describes the history, else from every row. Either way the result is
/// what reading every row in the store's order gives, to the bit.
enum ProfileGathering {
    struct Result: Sendable {
        var answers: ProfileAnswers
        var continuedFromCheckpoint: Bool
        var rowsRead: Int
        /// A checkpoint of `answers` to save, when it differs from the stored one.
        var fresh: ProfileCheckpoint?
    }

    private typealias Mark = ProfileCheckpoint.Mark

    static func gather(_ db: Database) throws -> Result {
        if let checkpoint = try? ProfileCheckpoint.load(db), let answers = try? ProfileAnswers(saved: checkpoint.state),
           let result = try continuing(checkpoint, answers, db) {
            return result
        }
        var answers = ProfileAnswers()
        let compareAnswers = try read(StoredCompareAnswer.databaseTableName, after: nil, into: &answers, db)
        let matchAnswers = try read(StoredMatchAnswer.databaseTableName, after: nil, into: &answers, db)
        return Result(answers: answers, continuedFromCheckpoint: false,
                      rowsRead: compareAnswers.count + matchAnswers.count,
                      fresh: try freshCheckpoint(answers, compareAnswers, matchAnswers, db))
    }

    /// Nil when the checkpoint no longer describes the history's rows up to its marks.
    private static func continuing(_ checkpoint: ProfileCheckpoint, _ saved: ProfileAnswers,
                                   _ db: Database) throws -> Result? {
        var answers = saved
        var marks: [Mark] = []
        var rowsRead = 0
        for (table, mark) in [(StoredCompareAnswer.databaseTableName, checkpoint.compareAnswers),
                              (StoredMatchAnswer.databaseTableName, checkpoint.matchAnswers)] {
            guard try isUnchanged(table, upTo: mark, db) else { return nil }
            let tail = try read(table, after: mark.last, into: &answers, db)
            let total = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? 0
            guard total == mark.count + tail.count else { return nil }
            rowsRead += tail.count
            marks.append(Mark(count: total, last: tail.count > 0 ? tail.last : mark.last, highestID: 0))
        }
        let fresh = rowsRead == 0 ? nil : try freshCheckpoint(answers, marks[0], marks[1], db)
        return Result(answers: answers, continuedFromCheckpoint: true, rowsRead: rowsRead, fresh: fresh)
    }

    /// The last covered row is still there at its time, and no row written since sorts before it.
    /// (Rows deleted before it show in the count, checked once the rows after it are read.)
    private static func isUnchanged(_ table: String, upTo mark: Mark, _ db: Database) throws -> Bool {
        guard let last = mark.last else { return true }
        let time = try Double.fetchOne(db, sql: "SELECT timestamp FROM \(table) WHERE id = ?", arguments: [last.id])
        guard time?.bitPattern == last.time.bitPattern else { return false }
        // `+timestamp`: the id range (the rows written since) is what SQLite should walk, not the time index.
        let olderSince = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM \(table) WHERE id > ? AND +timestamp < ?)",
                                           arguments: [mark.highestID, last.time]) ?? true
        return !olderSince
    }

    /// Adds the rows of `table` after `last` (every row for nil) in the store's order; returns how
    /// many rows there were (answers or not) and the last one's place, nil when its time is not a number.
    private static func read(_ table: String, after last: (time: Double, id: Int64)?, into answers: inout ProfileAnswers,
                             _ db: Database) throws -> Mark {
        let cursor: RowCursor
        if let last {
            cursor = try Row.fetchCursor(db, sql: """
                SELECT * FROM \(table) WHERE timestamp >= ? AND (timestamp > ? OR id > ?) ORDER BY timestamp, id
                """, arguments: [last.time, last.time, last.id])
        } else {
            cursor = try Row.fetchCursor(db, sql: "SELECT * FROM \(table) ORDER BY timestamp, id")
        }
        let isComparison = table == StoredCompareAnswer.databaseTableName
        var count = 0
        var lastRow: (time: Double, id: Int64)?
        while let row = try cursor.next() {
            count += 1
            if isComparison {
                let stored = try StoredCompareAnswer(row: row)
                if let record = stored.record { answers.add(record) }
                lastRow = stored.id.map { (stored.timestamp, $0) }
            } else {
                let stored = try StoredMatchAnswer(row: row)
                if let record = stored.record { answers.add(record) }
                lastRow = stored.id.map { (stored.timestamp, $0) }
            }
        }
        return Mark(count: count, last: lastRow, highestID: 0)
    }

    /// The checkpoint of `answers` after these rows; nil when a last row's time is not a number
    /// (a row no answer can be: the rows are read again next time rather than marked wrongly).
    private static func freshCheckpoint(_ answers: ProfileAnswers, _ compareAnswers: Mark, _ matchAnswers: Mark,
                                   _ db: Database) throws -> ProfileCheckpoint? {
        var marks: [Mark] = []
        for (table, mark) in [(StoredCompareAnswer.databaseTableName, compareAnswers),
                              (StoredMatchAnswer.databaseTableName, matchAnswers)] {
            guard (mark.count == 0) == (mark.last == nil), mark.last?.time.isFinite ?? true else { return nil }
            let highest = try Int64.fetchOne(db, sql: "SELECT max(id) FROM \(table)") ?? 0
            marks.append(Mark(count: mark.count, last: mark.last, highestID: highest))
        }
        return ProfileCheckpoint(state: try answers.saved(), compareAnswers: marks[0], matchAnswers: marks[1])
    }
}
