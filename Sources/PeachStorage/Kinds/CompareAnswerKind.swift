import Foundation
import GRDB
import PeachDomain

/// Hear & Compare's answers: the `comparison` table, the journal's `comparison` lines, the CSV
/// file's `pitchDiscrimination` rows (`pitchComparison` in format 1).
enum CompareAnswerKind: AnswerKind {
    static func answer(_ record: CompareAnswer) -> Answer { .compare(record) }

    static func record(of answer: Answer) -> CompareAnswer? {
        if case .compare(let record) = answer { record } else { nil }
    }

    // MARK: The history

    static func stored(_ record: CompareAnswer) -> StoredCompareAnswer { StoredCompareAnswer(record) }
    static func record(_ stored: StoredCompareAnswer) -> CompareAnswer? { stored.record }
    static let profileReads = true

    static func isStored(_ row: StoredCompareAnswer, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: """
            SELECT EXISTS (SELECT 1 FROM comparison WHERE timestamp = ? AND referenceNote = ? AND targetNote = ?
                AND tuningSystem = ? AND centOffset = ? AND isCorrect = ?)
            """, arguments: [row.timestamp, row.referenceNote, row.targetNote, row.tuningSystem, row.centOffset,
                             row.isCorrect]) ?? false
    }

    // not a text: SQL
    static let insertSQL = """
        INSERT INTO comparison (timestamp, referenceNote, targetNote, interval, tuningSystem, centOffset, isCorrect)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        """

    static func insertArguments(_ answer: CompareAnswer) -> StatementArguments {
        [answer.timestamp.timeIntervalSince1970, answer.referenceNote.rawValue, answer.targetNote.rawValue,
         answer.interval.signedSemitones, answer.tuningSystem.rawValue, answer.centOffset.rawValue, answer.isCorrect]
    }

    // not a text: SQL
    static let sameAnswerCondition = "referenceNote = ? AND targetNote = ?"

    static func sameAnswerArguments(_ answer: CompareAnswer, second: Double) -> StatementArguments {
        [second, second + 1, answer.referenceNote.rawValue, answer.targetNote.rawValue]
    }

    static var counted: WritableKeyPath<AnswerCounts, Int> { \.compareAnswers }
    static var added: WritableKeyPath<ImportSummary, Int> { \.compareAnswersAdded }
    static var versionPart: WritableKeyPath<HistoryVersion, ClosedRange<Int64>?> { \.compareAnswers }
    static var marked: WritableKeyPath<HistoryMark, Int> { \.compareAnswers }
    static var markedHighestID: WritableKeyPath<HistoryMark, Int64?> { \.compareAnswersHighestID }

    // MARK: The journal

    static let journalKind = "comparison"

    static func write(_ answer: CompareAnswer, to entry: inout JournalEntry) {
        entry.writePitch(answer.referenceNote, answer.targetNote, answer.tuningSystem)
        entry.centOffset = answer.centOffset.rawValue
        entry.isCorrect = answer.isCorrect
    }

    static func record(_ entry: JournalEntry, at date: Date) -> CompareAnswer? {
        guard let (reference, target, tuning) = entry.pitch(), let centOffset = entry.centOffset, centOffset.isFinite,
              let isCorrect = entry.isCorrect else { return nil }
        return CompareAnswer(referenceNote: reference, targetNote: target, centOffset: Cents(centOffset),
                             isCorrect: isCorrect, tuningSystem: tuning, timestamp: date)
    }

    // MARK: The CSV file

    static let csvTrainingType = "pitchDiscrimination"
    /// What format 1 called a comparison; both names are accepted in every format.
    static let formerCSVTrainingType = "pitchComparison"

    static func readsCSV(_ trainingType: String, _ layout: CSVLayout) -> Bool {
        trainingType == csvTrainingType || trainingType == formerCSVTrainingType
    }

    static func csvFields(_ answer: CompareAnswer) -> [String] {
        [csvTrainingType, CSVTimestamp.format(answer.timestamp)]
            + HistoryCSV.noteColumns(answer.referenceNote, answer.targetNote, answer.interval, answer.tuningSystem)
            + [CSVDecimal.format(answer.centOffset.rawValue), answer.isCorrect ? "true" : "false", "", ""]
            + HistoryCSV.emptyRhythmColumns
    }

    static func record(_ row: inout CSVRowReader, trainingType: String) -> CompareAnswer? {
        let pitch = row.pitch()
        let centOffset = row.cents(.centOffset)
        let isCorrect = row.boolean(.isCorrect)
        guard let pitch, let centOffset, let isCorrect, row.problems.isEmpty else { return nil }
        return CompareAnswer(referenceNote: pitch.referenceNote, targetNote: pitch.targetNote,
                             centOffset: Cents(centOffset), isCorrect: isCorrect,
                             tuningSystem: pitch.tuningSystem, timestamp: pitch.timestamp)
    }

    static var imported: WritableKeyPath<CSVImportResult, [CompareAnswer]> { \.compareAnswers }
}
