import Foundation
import PeachDomain

/// One answer of either kind, as the history and the CSV file list them.
public enum Answer: Hashable, Sendable {
    case compare(CompareAnswer)
    case match(MatchAnswer)

    public var timestamp: Date {
        switch self {
        case .compare(let record): record.timestamp
        case .match(let record): record.timestamp
        }
    }
}
