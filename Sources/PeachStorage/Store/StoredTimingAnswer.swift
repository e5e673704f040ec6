import Foundation
import GRDB
import PeachDomain

/// The `compareTiming` table row: a Compare Timing answer.
struct StoredTimingAnswer: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "compareTiming"

    var id: Int64?
    var timestamp: Double
    var tempoBPM: Int
    var offsetMs: Double
    var isCorrect: Bool

    /// Decodes by column position, like `StoredCompareAnswer`, and as tolerantly.
    init(row: Row) throws {
        id = StoredValue.integer(row, 0).map(Int64.init)
        timestamp = StoredValue.real(row, 1)
        tempoBPM = StoredValue.integer(row, 2) ?? 0
        offsetMs = StoredValue.real(row, 3)
        isCorrect = StoredValue.integer(row, 4).map { $0 != 0 } ?? false
    }

    init(_ record: TimingAnswer) {
        timestamp = record.timestamp.timeIntervalSince1970
        tempoBPM = record.tempo.rawValue
        offsetMs = record.offsetMs
        isCorrect = record.isCorrect
    }

    /// Nil for a row no answer can be: a tempo the iOS app has not, a value that is not finite.
    var record: TimingAnswer? {
        guard let tempo = TempoBPM(validating: tempoBPM), timestamp.isFinite, offsetMs.isFinite else { return nil }
        return TimingAnswer(tempo: tempo, offsetMs: offsetMs, isCorrect: isCorrect,
                            timestamp: Date(timeIntervalSince1970: timestamp))
    }
}
