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
                if try record.kind.save(record, skippingStored: skippingStored, db) { written += 1 }
            }
            return written
        }
    }
}
