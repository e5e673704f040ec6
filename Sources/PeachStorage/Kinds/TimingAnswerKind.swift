import Foundation
import GRDB
import PeachDomain

/// Compare Timing's answers: the `compareTiming` table, the journal's `compareTiming` lines, the
/// CSV file's `rhythmOffsetDetection` rows (formats 2 and 3).
enum TimingAnswerKind: AnswerKind {
    static func answer(_ record: TimingAnswer) -> Answer { .timing(record) }

    static func record(of answer: Answer) -> TimingAnswer? {
        if case .timing(let record) = answer { record } else { nil }
    }

    // MARK: The history

    static func stored(_ record: TimingAnswer) -> StoredTimingAnswer { StoredTimingAnswer(record) }
    static func record(_ stored: StoredTimingAnswer) -> TimingAnswer? { stored.record }
    /// The profile does not read rhythm answers: its checkpoint stays.
    static let profileReads = false

    static func isStored(_ row: StoredTimingAnswer, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: """
            SELECT EXISTS (SELECT 1 FROM compareTiming WHERE timestamp = ? AND tempoBPM = ? AND offsetMs = ?
                AND isCorrect = ?)
            """, arguments: [row.timestamp, row.tempoBPM, row.offsetMs, row.isCorrect]) ?? false
    }

    // not a text: SQL
    static let insertSQL = """
        INSERT INTO compareTiming (timestamp, tempoBPM, offsetMs, isCorrect) VALUES (?, ?, ?, ?)
        """

    static func insertArguments(_ answer: TimingAnswer) -> StatementArguments {
        [answer.timestamp.timeIntervalSince1970, answer.tempo.rawValue, answer.offsetMs, answer.isCorrect]
    }

    // not a text: SQL
    static let sameAnswerCondition = "tempoBPM = ?"

    static func sameAnswerArguments(_ answer: TimingAnswer, second: Double) -> StatementArguments {
        [second, second + 1, answer.tempo.rawValue]
    }

    static var counted: WritableKeyPath<AnswerCounts, Int> { \.timingAnswers }
    static var added: WritableKeyPath<ImportSummary, Int> { \.timingAnswersAdded }
    static var versionPart: WritableKeyPath<HistoryVersion, ClosedRange<Int64>?> { \.timingAnswers }
    static var marked: WritableKeyPath<HistoryMark, Int> { \.timingAnswers }
    static var markedHighestID: WritableKeyPath<HistoryMark, Int64?> { \.timingAnswersHighestID }

    // MARK: The journal

    static let journalKind = "compareTiming"

    static func write(_ answer: TimingAnswer, to entry: inout JournalEntry) {
        entry.tempoBPM = answer.tempo.rawValue
        entry.offsetMs = answer.offsetMs
        entry.isCorrect = answer.isCorrect
    }

    static func record(_ entry: JournalEntry, at date: Date) -> TimingAnswer? {
        guard let tempo = entry.tempoBPM.flatMap(TempoBPM.init(validating:)), let offsetMs = entry.offsetMs,
              offsetMs.isFinite, let isCorrect = entry.isCorrect else { return nil }
        return TimingAnswer(tempo: tempo, offsetMs: offsetMs, isCorrect: isCorrect, timestamp: date)
    }

    // MARK: The CSV file

    static let csvTrainingType = "rhythmOffsetDetection"

    static func csvFields(_ answer: TimingAnswer) -> [String] {
        // Empty: the notes, interval, tuning and centOffset; then isCorrect; empty: the Tune & Match values.
        var fields = [csvTrainingType, CSVTimestamp.format(answer.timestamp)]
        fields += Array(repeating: "", count: 7)
        fields += [answer.isCorrect ? "true" : "false", "", ""]
        fields += [String(answer.tempo.rawValue), CSVDecimal.format(answer.offsetMs), "", "", "", "", ""]
        return fields
    }

    static func record(_ row: inout CSVRowReader, trainingType: String) -> TimingAnswer? {
        let timestamp = row.timestamp()
        let tempo = row.tempo()
        let offsetMs = row.milliseconds(.offsetMs)
        let isCorrect = row.boolean(.isCorrect)
        guard let timestamp, let tempo, let offsetMs, let isCorrect, row.problems.isEmpty else { return nil }
        return TimingAnswer(tempo: tempo, offsetMs: offsetMs, isCorrect: isCorrect, timestamp: timestamp)
    }

    static var imported: WritableKeyPath<CSVImportResult, [TimingAnswer]> { \.timingAnswers }
}
