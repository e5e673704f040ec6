import Foundation
import GRDB
import PeachDomain

extension HistoryStore {
    /// The latest `limit` answers of every kind, newest first (at the same time: Hear & Compare,
    /// Tune & Match, Compare Timing, Fill the Gap).
    public func latest(limit: Int) throws(HistoryError) -> [Answer] {
        try read { db in
            let newestFirst = [Column("timestamp").desc, Column("id").desc]
            let compareAnswers = try StoredCompareAnswer.order(newestFirst).limit(limit).fetchAll(db)
                .compactMap(\.record).map(Answer.compare)
            let matchAnswers = try StoredMatchAnswer.order(newestFirst).limit(limit).fetchAll(db)
                .compactMap(\.record).map(Answer.match)
            let timingAnswers = try StoredTimingAnswer.order(newestFirst).limit(limit).fetchAll(db)
                .compactMap(\.record).map(Answer.timing)
            let gapFillAnswers = try StoredGapFillAnswer.order(newestFirst).limit(limit).fetchAll(db)
                .compactMap { try $0.record(db) }.map(Answer.gapFill)
            let pitch: [Answer] = compareAnswers + matchAnswers
            let all: [Answer] = pitch + timingAnswers + gapFillAnswers
            // Stable: at the same time the kinds keep the order above.
            let newest = all.enumerated().sorted { a, b in
                a.element.timestamp != b.element.timestamp ? a.element.timestamp > b.element.timestamp : a.offset < b.offset
            }
            return Array(newest.prefix(limit).map(\.element))
        }
    }
}
