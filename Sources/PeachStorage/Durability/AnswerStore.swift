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
    func save(_ records: [TrainingRecord], skippingStored: Bool) throws(StoreError) -> Int
}

extension TrainingDataStore: AnswerStore {
    @discardableResult
    public func save(_ records: [TrainingRecord], skippingStored: Bool) throws(StoreError) -> Int {
        try write { db in
            var written = 0
            for record in records {
                switch record {
                case .comparison(let answer):
                    let row = StoredComparison(answer)
                    if skippingStored, try Self.isStored(row, db) { continue }
                    try row.insert(db)
                    try ProfileCheckpoint.forget(ifBefore: row.timestamp, in: StoredComparison.databaseTableName, db)
                case .pitchMatching(let answer):
                    let row = StoredPitchMatching(answer)
                    if skippingStored, try Self.isStored(row, db) { continue }
                    try row.insert(db)
                    try ProfileCheckpoint.forget(ifBefore: row.timestamp, in: StoredPitchMatching.databaseTableName, db)
                }
                written += 1
            }
            return written
        }
    }

    private static func isStored(_ row: StoredComparison, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: """
            SELECT EXISTS (SELECT 1 FROM comparison WHERE timestamp = ? AND referenceNote = ? AND targetNote = ?
                AND tuningSystem = ? AND centOffset = ? AND isCorrect = ?)
            """, arguments: [row.timestamp, row.referenceNote, row.targetNote, row.tuningSystem, row.centOffset,
                             row.isCorrect]) ?? false
    }

    private static func isStored(_ row: StoredPitchMatching, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: """
            SELECT EXISTS (SELECT 1 FROM pitchMatching WHERE timestamp = ? AND referenceNote = ? AND targetNote = ?
                AND tuningSystem = ? AND initialCentOffset = ? AND userCentError = ?)
            """, arguments: [row.timestamp, row.referenceNote, row.targetNote, row.tuningSystem, row.initialCentOffset,
                             row.userCentError]) ?? false
    }
}
