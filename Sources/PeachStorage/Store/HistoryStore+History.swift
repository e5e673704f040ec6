import Foundation
import GRDB
import PeachDomain

extension HistoryStore {
    /// The latest `limit` answers of both kinds, newest first.
    public func latest(limit: Int) throws(HistoryError) -> [Answer] {
        try read { db in
            let newestFirst = [Column("timestamp").desc, Column("id").desc]
            let compareAnswers = try StoredCompareAnswer.order(newestFirst).limit(limit).fetchAll(db)
                .compactMap(\.record).map(Answer.compare)
            let matchAnswers = try StoredMatchAnswer.order(newestFirst).limit(limit).fetchAll(db)
                .compactMap(\.record).map(Answer.match)
            return Array((compareAnswers + matchAnswers).sorted { $0.timestamp > $1.timestamp }.prefix(limit))
        }
    }
}
