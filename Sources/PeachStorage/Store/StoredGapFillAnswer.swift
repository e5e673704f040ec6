import Foundation
import GRDB
import PeachDomain

/// The `fillTheGap` table row: a Fill the Gap answer.
struct StoredGapFillAnswer: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "fillTheGap"

    var id: Int64?
    var timestamp: Double
    var tempoBPM: Int
    var meanOffsetMs: Double
    var meanOffsetMsPosition0: Double?
    var meanOffsetMsPosition1: Double?
    var meanOffsetMsPosition2: Double?
    var meanOffsetMsPosition3: Double?
    /// The gaps left untapped, for a trial trained here (its taps are in `StoredGapTap`'s table);
    /// nil for the iOS app's trials, which keep only their means.
    var misses: Int?

    /// Decodes by column position, like `StoredCompareAnswer`, and as tolerantly. A position's mean
    /// of another type than a number reads as NaN, which makes the row no record.
    init(row: Row) throws {
        id = StoredValue.integer(row, 0).map(Int64.init)
        timestamp = StoredValue.real(row, 1)
        tempoBPM = StoredValue.integer(row, 2) ?? 0
        meanOffsetMs = StoredValue.real(row, 3)
        meanOffsetMsPosition0 = StoredValue.optionalReal(row, 4)
        meanOffsetMsPosition1 = StoredValue.optionalReal(row, 5)
        meanOffsetMsPosition2 = StoredValue.optionalReal(row, 6)
        meanOffsetMsPosition3 = StoredValue.optionalReal(row, 7)
        misses = StoredValue.integer(row, 8)
    }

    init(_ record: GapFillAnswer) {
        timestamp = record.timestamp.timeIntervalSince1970
        tempoBPM = record.tempo.rawValue
        meanOffsetMs = record.meanOffsetMs
        let byPosition = record.meanOffsetMsByPosition
        meanOffsetMsPosition0 = byPosition[0]
        meanOffsetMsPosition1 = byPosition[1]
        meanOffsetMsPosition2 = byPosition[2]
        meanOffsetMsPosition3 = byPosition[3]
        misses = record.taps?.misses
    }

    /// The answer without its taps (see `record(_:)`): what the CSV export writes.
    var record: GapFillAnswer? {
        let byPosition: [Double?] = [meanOffsetMsPosition0, meanOffsetMsPosition1, meanOffsetMsPosition2,
                                     meanOffsetMsPosition3]
        guard let tempo = TempoBPM(validating: tempoBPM), timestamp.isFinite, meanOffsetMs.isFinite,
              byPosition.allSatisfy({ $0?.isFinite ?? true }) else { return nil }
        return GapFillAnswer(tempo: tempo, meanOffsetMs: meanOffsetMs, meanOffsetMsByPosition: byPosition,
                             timestamp: Date(timeIntervalSince1970: timestamp))
    }
}
