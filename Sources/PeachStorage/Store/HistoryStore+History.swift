import Foundation
import GRDB
import PeachDomain

extension HistoryStore {
    /// The latest `limit` answers of every kind, newest first (at the same time: Hear & Compare,
    /// Tune & Match, Compare Timing, Fill the Gap).
    public func latest(limit: Int) throws(HistoryError) -> [Answer] {
        try read { db in
            let all = try AnswerKinds.all.flatMap { kind in try kind.latest(limit, db) }
            // Stable: at the same time the kinds keep the order above.
            let newest = all.enumerated().sorted { a, b in
                a.element.timestamp != b.element.timestamp ? a.element.timestamp > b.element.timestamp : a.offset < b.offset
            }
            return Array(newest.prefix(limit).map(\.element))
        }
    }
}
