import Foundation
import GRDB
import PeachDomain

/// Fill the Gap's answers: the `fillTheGap` table (a trial trained here with its taps in
/// `StoredGapTap`'s), the journal's `fillTheGap` lines, the CSV file's `continuousRhythmMatching`
/// rows (format 2's `rhythmMatching`, whose mean is in `userOffsetMs`). The CSV file keeps no taps.
enum GapFillAnswerKind: AnswerKind {
    static func answer(_ record: GapFillAnswer) -> Answer { .gapFill(record) }

    static func record(of answer: Answer) -> GapFillAnswer? {
        if case .gapFill(let record) = answer { record } else { nil }
    }

    // MARK: The history

    static func stored(_ record: GapFillAnswer) -> StoredGapFillAnswer { StoredGapFillAnswer(record) }
    /// Without its taps: what the CSV export writes.
    static func record(_ stored: StoredGapFillAnswer) -> GapFillAnswer? { stored.record }
    static func record(_ stored: StoredGapFillAnswer, _ db: Database) throws -> GapFillAnswer? { try stored.record(db) }
    /// The profile does not read rhythm answers: its checkpoint stays.
    static let profileReads = false

    static func didInsert(_ record: GapFillAnswer, id: Int64, _ db: Database) throws {
        if let taps = record.taps { try StoredGapTap.insert(taps, trial: id, db) }
    }

    static func deleteAll(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM \(StoredGapTap.databaseTableName)")
        _ = try StoredGapFillAnswer.deleteAll(db)
    }

    static func isStored(_ row: StoredGapFillAnswer, _ db: Database) throws -> Bool {
        // `IS`: a position without a gap is NULL on both sides.
        try Bool.fetchOne(db, sql: """
            SELECT EXISTS (SELECT 1 FROM fillTheGap WHERE timestamp = ? AND tempoBPM = ? AND meanOffsetMs = ?
                AND meanOffsetMsPosition0 IS ? AND meanOffsetMsPosition1 IS ? AND meanOffsetMsPosition2 IS ?
                AND meanOffsetMsPosition3 IS ? AND misses IS ?)
            """, arguments: [row.timestamp, row.tempoBPM, row.meanOffsetMs, row.meanOffsetMsPosition0,
                             row.meanOffsetMsPosition1, row.meanOffsetMsPosition2, row.meanOffsetMsPosition3,
                             row.misses]) ?? false
    }

    // not a text: SQL
    static let insertSQL = """
        INSERT INTO fillTheGap (timestamp, tempoBPM, meanOffsetMs, meanOffsetMsPosition0, meanOffsetMsPosition1,
                                meanOffsetMsPosition2, meanOffsetMsPosition3)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        """

    static func insertArguments(_ answer: GapFillAnswer) -> StatementArguments {
        let byPosition = answer.meanOffsetMsByPosition
        return [answer.timestamp.timeIntervalSince1970, answer.tempo.rawValue, answer.meanOffsetMs,
                byPosition[0], byPosition[1], byPosition[2], byPosition[3]]
    }

    static let sameAnswerCondition = TimingAnswerKind.sameAnswerCondition

    static func sameAnswerArguments(_ answer: GapFillAnswer, second: Double) -> StatementArguments {
        [second, second + 1, answer.tempo.rawValue]
    }

    static var counted: WritableKeyPath<AnswerCounts, Int> { \.gapFillAnswers }
    static var added: WritableKeyPath<ImportSummary, Int> { \.gapFillAnswersAdded }
    static var versionPart: WritableKeyPath<HistoryVersion, ClosedRange<Int64>?> { \.gapFillAnswers }
    static var marked: WritableKeyPath<HistoryMark, Int> { \.gapFillAnswers }
    static var markedHighestID: WritableKeyPath<HistoryMark, Int64?> { \.gapFillAnswersHighestID }

    // MARK: The journal

    static let journalKind = "fillTheGap"

    static func write(_ answer: GapFillAnswer, to entry: inout JournalEntry) {
        entry.tempoBPM = answer.tempo.rawValue
        entry.meanOffsetMs = answer.meanOffsetMs
        entry.meanOffsetMsByPosition = answer.meanOffsetMsByPosition
        entry.misses = answer.taps?.misses
        entry.taps = answer.taps?.hits.map { JournalEntry.Tap(position: $0.position.rawValue, offsetMs: $0.offsetMs) }
    }

    static func record(_ entry: JournalEntry, at date: Date) -> GapFillAnswer? {
        guard let tempo = entry.tempoBPM.flatMap(TempoBPM.init(validating:)), let meanOffsetMs = entry.meanOffsetMs,
              meanOffsetMs.isFinite, let byPosition = entry.meanOffsetMsByPosition,
              byPosition.allSatisfy({ $0?.isFinite ?? true }) else { return nil }
        return GapFillAnswer(tempo: tempo, meanOffsetMs: meanOffsetMs, meanOffsetMsByPosition: byPosition,
                             timestamp: date, taps: entry.gapTaps)
    }

    // MARK: The CSV file

    static let csvTrainingType = "continuousRhythmMatching"
    /// What format 2 called Fill the Gap: its mean offset is in `userOffsetMs`, and it has none per gap
    /// position (the iOS app reads it so when it imports such a file).
    static let formerCSVTrainingType = "rhythmMatching"

    static func readsCSV(_ trainingType: String, _ layout: CSVLayout) -> Bool {
        trainingType == csvTrainingType || trainingType == formerCSVTrainingType && layout.has(.userOffsetMs)
    }

    static func csvFields(_ answer: GapFillAnswer) -> [String] {
        // Empty: every pitch column and offsetMs.
        var fields = [csvTrainingType, CSVTimestamp.format(answer.timestamp)]
        fields += Array(repeating: "", count: 10)
        fields += [String(answer.tempo.rawValue), "", CSVDecimal.format(answer.meanOffsetMs)]
        fields += answer.meanOffsetMsByPosition.map { $0.map(CSVDecimal.format) ?? "" }
        return fields
    }

    static func record(_ row: inout CSVRowReader, trainingType: String) -> GapFillAnswer? {
        let timestamp = row.timestamp()
        let tempo = row.tempo()
        let meanOffsetMs = row.milliseconds(trainingType == formerCSVTrainingType ? .userOffsetMs : .meanOffsetMs)
        let byPosition: [Double?] = CSVColumn.gapPositionColumns.map { row.optionalMilliseconds($0) }
        guard let timestamp, let tempo, let meanOffsetMs, row.problems.isEmpty else { return nil }
        return GapFillAnswer(tempo: tempo, meanOffsetMs: meanOffsetMs, meanOffsetMsByPosition: byPosition,
                             timestamp: timestamp)
    }

    static var imported: WritableKeyPath<CSVImportResult, [GapFillAnswer]> { \.gapFillAnswers }
}
