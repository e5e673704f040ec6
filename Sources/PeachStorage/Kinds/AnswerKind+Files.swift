import Foundation
import PeachDomain

/// What the journal and the CSV file do with every kind alike.
extension AnswerKind {
    /// `answer`'s fields of this kind in its journal line.
    static func write(_ answer: Answer, to entry: inout JournalEntry) {
        guard let record = record(of: answer) else { return }
        entry.kind = journalKind
        write(record, to: &entry)
    }

    static func answer(_ entry: JournalEntry, at date: Date) -> Answer? {
        record(entry, at: date).map(answer)
    }

    static func csvFields(of answer: Answer) -> [String] {
        guard let record = record(of: answer) else { return [] }
        return csvFields(record)
    }

    /// The answer of a row of this kind, or every reason it is none.
    static func decoded(_ row: inout CSVRowReader, trainingType: String) -> CSVRowDecoder.Decoded {
        guard let record = record(&row, trainingType: trainingType), row.problems.isEmpty else { return row.invalid() }
        return .answer(answer(record))
    }

    /// Adds `answer`, when of this kind, to the answers of a whole file.
    static func collect(_ answer: Answer, into result: inout CSVImportResult) {
        if let record = record(of: answer) { result[keyPath: imported].append(record) }
    }

    static func answers(in result: CSVImportResult) -> [Answer] {
        result[keyPath: imported].map(answer)
    }

    /// Each answer of this kind in `result`, in file order.
    static func forEach(in result: CSVImportResult, _ body: (Answer) throws -> Void) throws {
        for record in result[keyPath: imported] { try body(answer(record)) }
    }

    static func isEmpty(in result: CSVImportResult) -> Bool {
        result[keyPath: imported].isEmpty
    }
}
