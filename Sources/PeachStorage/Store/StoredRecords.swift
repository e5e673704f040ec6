import Foundation
import GRDB
import PeachDomain

/// The `comparison` table row. Timestamps are seconds since 1970 (UTC) as REAL, which keeps
/// sub-millisecond precision and sorts numerically.
struct StoredComparison: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "comparison"

    var id: Int64?
    var timestamp: Double
    var referenceNote: Int
    var targetNote: Int
    var interval: Int
    var tuningSystem: String
    var centOffset: Double
    var isCorrect: Bool

    /// Decodes by column position (the table's declared order, which `SELECT *` keeps): several
    /// times faster than Codable decoding when a million answers are loaded at start-up.
    init(row: Row) throws {
        id = row[0]
        timestamp = row[1]
        referenceNote = row[2]
        targetNote = row[3]
        interval = row[4]
        tuningSystem = row[5]
        centOffset = row[6]
        isCorrect = row[7]
    }

    init(_ record: ComparisonRecord) {
        timestamp = record.timestamp.timeIntervalSince1970
        referenceNote = record.referenceNote.rawValue
        targetNote = record.targetNote.rawValue
        interval = record.interval.signedSemitones
        tuningSystem = record.tuningSystem.rawValue
        centOffset = record.centOffset.rawValue
        isCorrect = record.isCorrect
    }

    /// Nil only for a row that the table's CHECK constraints should have kept out.
    var record: ComparisonRecord? {
        guard let reference = MIDINote(validating: referenceNote), let target = MIDINote(validating: targetNote),
              let tuning = TuningSystem(rawValue: tuningSystem) else { return nil }
        return ComparisonRecord(referenceNote: reference, targetNote: target, centOffset: Cents(centOffset),
                                isCorrect: isCorrect, tuningSystem: tuning,
                                timestamp: Date(timeIntervalSince1970: timestamp))
    }
}

/// The `pitchMatching` table row.
struct StoredPitchMatching: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "pitchMatching"

    var id: Int64?
    var timestamp: Double
    var referenceNote: Int
    var targetNote: Int
    var interval: Int
    var tuningSystem: String
    var initialCentOffset: Double
    var userCentError: Double

    /// Decodes by column position, like `StoredComparison`.
    init(row: Row) throws {
        id = row[0]
        timestamp = row[1]
        referenceNote = row[2]
        targetNote = row[3]
        interval = row[4]
        tuningSystem = row[5]
        initialCentOffset = row[6]
        userCentError = row[7]
    }

    init(_ record: PitchMatchingRecord) {
        timestamp = record.timestamp.timeIntervalSince1970
        referenceNote = record.referenceNote.rawValue
        targetNote = record.targetNote.rawValue
        interval = record.interval.signedSemitones
        tuningSystem = record.tuningSystem.rawValue
        initialCentOffset = record.initialCentOffset.rawValue
        userCentError = record.userCentError.rawValue
    }

    var record: PitchMatchingRecord? {
        guard let reference = MIDINote(validating: referenceNote), let target = MIDINote(validating: targetNote),
              let tuning = TuningSystem(rawValue: tuningSystem) else { return nil }
        return PitchMatchingRecord(referenceNote: reference, targetNote: target,
                                   initialCentOffset: Cents(initialCentOffset), userCentError: Cents(userCentError),
                                   tuningSystem: tuning, timestamp: Date(timeIntervalSince1970: timestamp))
    }
}
