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

/// Reads one column of a stored row without trapping on a value of another type: NaN, or nil, when
/// the value is not what the column should hold.
enum StoredValue {
    static func integer(_ row: Row, _ index: Int) -> Int? {
        let value: DatabaseValue = row[index]
        return Int.fromDatabaseValue(value)
    }

    static func real(_ row: Row, _ index: Int) -> Double {
        let value: DatabaseValue = row[index]
        return Double.fromDatabaseValue(value) ?? .nan
    }

    /// Nil for NULL; NaN for a value that is not a number.
    static func optionalReal(_ row: Row, _ index: Int) -> Double? {
        let value: DatabaseValue = row[index]
        return value.isNull ? nil : Double.fromDatabaseValue(value) ?? .nan
    }

    static func text(_ row: Row, _ index: Int) -> String {
        let value: DatabaseValue = row[index]
        return String.fromDatabaseValue(value) ?? ""
    }
}
