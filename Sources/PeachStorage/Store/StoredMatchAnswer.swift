import Foundation
import GRDB
import PeachDomain

/// The `pitchMatching` table row.
struct StoredMatchAnswer: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "pitchMatching"

    var id: Int64?
    var timestamp: Double
    var referenceNote: Int
    var targetNote: Int
    var interval: Int
    var tuningSystem: String
    var initialCentOffset: Double
    var userCentError: Double

    /// Decodes by column position, like `StoredCompareAnswer`, and as tolerantly.
    init(row: Row) throws {
        id = StoredValue.integer(row, 0).map(Int64.init)
        timestamp = StoredValue.real(row, 1)
        referenceNote = StoredValue.integer(row, 2) ?? -1
        targetNote = StoredValue.integer(row, 3) ?? -1
        interval = StoredValue.integer(row, 4) ?? 0
        tuningSystem = StoredValue.text(row, 5)
        initialCentOffset = StoredValue.real(row, 6)
        userCentError = StoredValue.real(row, 7)
    }

    init(_ record: MatchAnswer) {
        timestamp = record.timestamp.timeIntervalSince1970
        referenceNote = record.referenceNote.rawValue
        targetNote = record.targetNote.rawValue
        interval = record.interval.signedSemitones
        tuningSystem = record.tuningSystem.rawValue
        initialCentOffset = record.initialCentOffset.rawValue
        userCentError = record.userCentError.rawValue
    }

    var record: MatchAnswer? {
        guard let reference = MIDINote(validating: referenceNote), let target = MIDINote(validating: targetNote),
              let tuning = TuningSystem(rawValue: tuningSystem), timestamp.isFinite, initialCentOffset.isFinite,
              userCentError.isFinite else { return nil }
        return MatchAnswer(referenceNote: reference, targetNote: target,
                           initialCentOffset: Cents(initialCentOffset), userCentError: Cents(userCentError),
                           tuningSystem: tuning, timestamp: Date(timeIntervalSince1970: timestamp))
    }
}
