import Foundation
import GRDB
import PeachDomain

/// Where answers are written for good: the training history. Called off the main actor for retries.
public protocol AnswerStore: Sendable {
    /// Writes `records` in one transaction, all or none. With `skippingStored`, an answer already in
    /// the history (every field equal, to the bit) is not written again: a replay after a crash
    /// between the database's commit and the journal's removal writes nothing twice.
    /// An answer older than the profile checkpoint's last one (a journal replayed late) forgets it.
    /// Returns how many were written.
    @discardableResult
    func save(_ records: [Answer], skippingStored: Bool) throws(HistoryError) -> Int
}

extension HistoryStore: AnswerStore {
    @discardableResult
    public func save(_ records: [Answer], skippingStored: Bool) throws(HistoryError) -> Int {
        try write { db in
            var written = 0
            for record in records {
                switch record {
                case .compare(let answer):
                    let row = StoredCompareAnswer(answer)
                    if skippingStored, try Self.isStored(row, db) { continue }
                    try row.insert(db)
                    try ProfileCheckpoint.forget(ifBefore: row.timestamp, in: StoredCompareAnswer.databaseTableName, db)
                case .match(let answer):
                    let row = StoredMatchAnswer(answer)
                    if skippingStored, try Self.isStored(row, db) { continue }
                    try row.insert(db)
                    try ProfileCheckpoint.forget(ifBefore: row.timestamp, in: StoredMatchAnswer.databaseTableName, db)
                case .timing(let answer):
                    // The profile does not read rhythm answers: its checkpoint stays.
                    let row = StoredTimingAnswer(answer)
                    if skippingStored, try Self.isStored(row, db) { continue }
                    try row.insert(db)
                case .gapFill(let answer):
                    let row = StoredGapFillAnswer(answer)
                    if skippingStored, try Self.isStored(row, db) { continue }
                    try row.insert(db)
                    if let taps = answer.taps { try StoredGapTap.insert(taps, trial: db.lastInsertedRowID, db) }
                }
                written += 1
            }
            return written
        }
    }

    private static func isStored(_ row: StoredCompareAnswer, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: """
            SELECT EXISTS (SELECT 1 FROM comparison WHERE timestamp = ? AND referenceNote = ? AND targetNote = ?
                AND tuningSystem = ? AND centOffset = ? AND isCorrect = ?)
            """, arguments: [row.timestamp, row.referenceNote, row.targetNote, row.tuningSystem, row.centOffset,
                             row.isCorrect]) ?? false
    }

    private static func isStored(_ row: StoredTimingAnswer, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: """
            SELECT EXISTS (SELECT 1 FROM compareTiming WHERE timestamp = ? AND tempoBPM = ? AND offsetMs = ?
                AND isCorrect = ?)
            """, arguments: [row.timestamp, row.tempoBPM, row.offsetMs, row.isCorrect]) ?? false
    }

    private static func isStored(_ row: StoredGapFillAnswer, _ db: Database) throws -> Bool {
        // `IS`: a position without a gap is NULL on both sides.
        try Bool.fetchOne(db, sql: """
            SELECT EXISTS (SELECT 1 FROM fillTheGap WHERE timestamp = ? AND tempoBPM = ? AND meanOffsetMs = ?
                AND meanOffsetMsPosition0 IS ? AND meanOffsetMsPosition1 IS ? AND meanOffsetMsPosition2 IS ?
                AND meanOffsetMsPosition3 IS ? AND misses IS ?)
            """, arguments: [row.timestamp, row.tempoBPM, row.meanOffsetMs, row.meanOffsetMsPosition0,
                             row.meanOffsetMsPosition1, row.meanOffsetMsPosition2, row.meanOffsetMsPosition3,
                             row.misses]) ?? false
    }

    private static func isStored(_ row: StoredMatchAnswer, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: """
            SELECT EXISTS (SELECT 1 FROM pitchMatching WHERE timestamp = ? AND referenceNote = ? AND targetNote = ?
                AND tuningSystem = ? AND initialCentOffset = ? AND userCentError = ?)
            """, arguments: [row.timestamp, row.referenceNote, row.targetNote, row.tuningSystem, row.initialCentOffset,
                             row.userCentError]) ?? false
    }
}
