import Foundation
import GRDB
import PeachDomain

/// Tune & Match's answers: the `pitchMatching` table, the journal's `pitchMatching` lines, the CSV
/// file's `pitchMatching` rows.
enum MatchAnswerKind: AnswerKind {
    static func answer(_ record: MatchAnswer) -> Answer { .match(record) }

    static func record(of answer: Answer) -> MatchAnswer? {
        if case .match(let record) = answer { record } else { nil }
    }

    // MARK: The history

    static func stored(_ record: MatchAnswer) -> StoredMatchAnswer { StoredMatchAnswer(record) }
    static func record(_ stored: StoredMatchAnswer) -> MatchAnswer? { stored.record }
    static let profileReads = true

    static func isStored(_ row: StoredMatchAnswer, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: """
            SELECT EXISTS (SELECT 1 FROM pitchMatching WHERE timestamp = ? AND referenceNote = ? AND targetNote = ?
                AND tuningSystem = ? AND initialCentOffset = ? AND userCentError = ?)
            """, arguments: [row.timestamp, row.referenceNote, row.targetNote, row.tuningSystem, row.initialCentOffset,
                             row.userCentError]) ?? false
    }

    // not a text: SQL
    static let insertSQL = """
        INSERT INTO pitchMatching (timestamp, referenceNote, targetNote, interval, tuningSystem, initialCentOffset,
                                   userCentError)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        """

    static func insertArguments(_ answer: MatchAnswer) -> StatementArguments {
        [answer.timestamp.timeIntervalSince1970, answer.referenceNote.rawValue, answer.targetNote.rawValue,
         answer.interval.signedSemitones, answer.tuningSystem.rawValue, answer.initialCentOffset.rawValue,
         answer.userCentError.rawValue]
    }

    static let sameAnswerCondition = CompareAnswerKind.sameAnswerCondition

    static func sameAnswerArguments(_ answer: MatchAnswer, second: Double) -> StatementArguments {
        [second, second + 1, answer.referenceNote.rawValue, answer.targetNote.rawValue]
    }

    static var counted: WritableKeyPath<AnswerCounts, Int> { \.matchAnswers }
    static var added: WritableKeyPath<ImportSummary, Int> { \.matchAnswersAdded }
    static var versionPart: WritableKeyPath<HistoryVersion, ClosedRange<Int64>?> { \.matchAnswers }
    static var marked: WritableKeyPath<HistoryMark, Int> { \.matchAnswers }
    static var markedHighestID: WritableKeyPath<HistoryMark, Int64?> { \.matchAnswersHighestID }

    // MARK: The journal

    static let journalKind = "pitchMatching"

    static func write(_ answer: MatchAnswer, to entry: inout JournalEntry) {
        entry.writePitch(answer.referenceNote, answer.targetNote, answer.tuningSystem)
        entry.initialCentOffset = answer.initialCentOffset.rawValue
        entry.userCentError = answer.userCentError.rawValue
    }

    static func record(_ entry: JournalEntry, at date: Date) -> MatchAnswer? {
        guard let (reference, target, tuning) = entry.pitch(), let initialCentOffset = entry.initialCentOffset,
              let userCentError = entry.userCentError, initialCentOffset.isFinite, userCentError.isFinite
        else { return nil }
        return MatchAnswer(referenceNote: reference, targetNote: target, initialCentOffset: Cents(initialCentOffset),
                           userCentError: Cents(userCentError), tuningSystem: tuning, timestamp: date)
    }

    // MARK: The CSV file

    static let csvTrainingType = "pitchMatching"

    static func csvFields(_ answer: MatchAnswer) -> [String] {
        [csvTrainingType, CSVTimestamp.format(answer.timestamp)]
            + HistoryCSV.noteColumns(answer.referenceNote, answer.targetNote, answer.interval, answer.tuningSystem)
            + ["", "", CSVDecimal.format(answer.initialCentOffset.rawValue), CSVDecimal.format(answer.userCentError.rawValue)]
            + HistoryCSV.emptyRhythmColumns
    }

    static func record(_ row: inout CSVRowReader, trainingType: String) -> MatchAnswer? {
        let pitch = row.pitch()
        let initialCentOffset = row.cents(.initialCentOffset)
        let userCentError = row.cents(.userCentError)
        guard let pitch, let initialCentOffset, let userCentError, row.problems.isEmpty else { return nil }
        return MatchAnswer(referenceNote: pitch.referenceNote, targetNote: pitch.targetNote,
                           initialCentOffset: Cents(initialCentOffset), userCentError: Cents(userCentError),
                           tuningSystem: pitch.tuningSystem, timestamp: pitch.timestamp)
    }

    static var imported: WritableKeyPath<CSVImportResult, [MatchAnswer]> { \.matchAnswers }
}
