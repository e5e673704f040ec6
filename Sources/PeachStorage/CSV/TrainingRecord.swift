import Foundation
import PeachDomain

/// One answer of either kind, as the history and the CSV file list them.
public enum TrainingRecord: Hashable, Sendable {
    case comparison(ComparisonRecord)
    case pitchMatching(PitchMatchingRecord)

    public var timestamp: Date {
        switch self {
        case .comparison(let record): record.timestamp
        case .pitchMatching(let record): record.timestamp
        }
    }
}
