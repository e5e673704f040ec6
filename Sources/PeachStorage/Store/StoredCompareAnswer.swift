import Foundation
import GRDB
import PeachDomain

/// The `comparison` table row. Timestamps are seconds since 1970 (UTC) as REAL, which keeps
/// sub-millisecond precision and sorts numerically.
struct StoredCompareAnswer: Codable, FetchableRecord, PersistableRecord {
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
    /// times faster than Codable decoding when a million answers are loaded at start-up. A value of
    /// the wrong type (SQLite stores whatever it is given) never traps: the row decodes as no record.
    init(row: Row) throws {
        id = StoredValue.integer(row, 0).map(Int64.init)
        timestamp = StoredValue.real(row, 1)
        referenceNote = StoredValue.integer(row, 2) ?? -1
        targetNote = StoredValue.integer(row, 3) ?? -1
        interval = StoredValue.integer(row, 4) ?? 0
        tuningSystem = StoredValue.text(row, 5)
        centOffset = StoredValue.real(row, 6)
        isCorrect = StoredValue.integer(row, 7).map { $0 != 0 } ?? false
    }

    init(_ record: CompareAnswer) {
        timestamp = record.timestamp.timeIntervalSince1970
        referenceNote = record.referenceNote.rawValue
        targetNote = record.targetNote.rawValue
        interval = record.interval.signedSemitones
        tuningSystem = record.tuningSystem.rawValue
        centOffset = record.centOffset.rawValue
        isCorrect = record.isCorrect
    }

    /// Nil for a row no answer can be (the table's CHECK constraints should have kept most out):
    /// notes outside 0–127 or more than an octave apart, an unknown tuning, a value that is not finite.
    var record: CompareAnswer? {
        guard let reference = MIDINote(validating: referenceNote), let target = MIDINote(validating: targetNote),
              let tuning = TuningSystem(rawValue: tuningSystem), timestamp.isFinite, centOffset.isFinite
        else { return nil }
        return CompareAnswer(referenceNote: reference, targetNote: target, centOffset: Cents(centOffset),
                             isCorrect: isCorrect, tuningSystem: tuning,
                             timestamp: Date(timeIntervalSince1970: timestamp))
    }
}
