import Foundation
import GRDB
import PeachDomain

extension TrainingDataStore {
    /// The latest `limit` answers of both kinds, newest first.
    public func latest(limit: Int) throws(StoreError) -> [TrainingRecord] {
        try read { db in
            let newestFirst = [Column("timestamp").desc, Column("id").desc]
            let comparisons = try StoredComparison.order(newestFirst).limit(limit).fetchAll(db)
                .compactMap(\.record).map(TrainingRecord.comparison)
            let matchings = try StoredPitchMatching.order(newestFirst).limit(limit).fetchAll(db)
                .compactMap(\.record).map(TrainingRecord.pitchMatching)
            return Array((comparisons + matchings).sorted { $0.timestamp > $1.timestamp }.prefix(limit))
        }
    }
}
