import Foundation
import GRDB
import PeachDomain

/// One kind of answer the history keeps (Hear & Compare, Tune & Match, Compare Timing, Fill the
/// Gap): everything the storage layer knows of it in one place — its table and stored row, how it
/// is written to the journal, and its rows of the CSV file. The history, the journal and the CSV
/// code go through `AnswerKinds.all` or are generic over one kind; a new kind is one new descriptor
/// (with its table's migration appended to `StoreSchema`, its case of `Answer`, and its CSV columns).
protocol AnswerKind: Sendable {
    associatedtype Record: Hashable & Sendable
    /// The table's row, decoded by column position.
    associatedtype Stored: FetchableRecord & PersistableRecord

    // MARK: The answer

    static func answer(_ record: Record) -> Answer
    /// The record of `answer` when it is of this kind.
    static func record(of answer: Answer) -> Record?

    // MARK: The history

    static func stored(_ record: Record) -> Stored
    /// Nil for a row no answer can be (see each row type).
    static func record(_ stored: Stored) -> Record?
    /// The answer with what other tables keep of it (Fill the Gap's taps); `record(_:)` unless a
    /// kind has such a table.
    static func record(_ stored: Stored, _ db: Database) throws -> Record?
    /// Whether the profile reads this kind: saving one older than the profile checkpoint forgets it.
    static var profileReads: Bool { get }
    /// What is written after the row (row `id`): Fill the Gap's taps. Nothing unless a kind has it.
    static func didInsert(_ record: Record, id: Int64, _ db: Database) throws
    /// Forgets every answer of this kind (and what other tables keep of them).
    static func deleteAll(_ db: Database) throws
    /// Whether exactly this row (every field equal, to the bit) is stored already.
    static func isStored(_ stored: Stored, _ db: Database) throws -> Bool
    /// The insert of an import, with its arguments (`insertArguments`).
    static var insertSQL: String { get }
    static func insertArguments(_ record: Record) -> StatementArguments
    /// The iOS app's rule for a duplicate in an import, besides the same kind and second: these
    /// columns (`… = ? AND …`) equal to those of `sameAnswerArguments`, which begin with the
    /// second and the next (`timestamp >= ? AND timestamp < ?`).
    static var sameAnswerCondition: String { get }
    static func sameAnswerArguments(_ record: Record, second: Double) -> StatementArguments
    static var counted: WritableKeyPath<AnswerCounts, Int> { get }
    static var added: WritableKeyPath<ImportSummary, Int> { get }
    static var versionPart: WritableKeyPath<HistoryVersion, ClosedRange<Int64>?> { get }
    /// Its answers before a time in a `HistoryMark`: how many, and the highest id.
    static var marked: WritableKeyPath<HistoryMark, Int> { get }
    static var markedHighestID: WritableKeyPath<HistoryMark, Int64?> { get }

    // MARK: The journal

    /// The `kind` of its journal lines.
    static var journalKind: String { get }
    static func write(_ record: Record, to entry: inout JournalEntry)
    /// Nil for a line no version of Peach writes.
    static func record(_ entry: JournalEntry, at date: Date) -> Record?

    // MARK: The CSV file

    /// The `trainingType` its rows are written with.
    static var csvTrainingType: String { get }
    /// Whether a row of `trainingType` in a file of `layout` is of this kind (also the iOS app's
    /// older names); `csvTrainingType` unless a kind has others.
    static func readsCSV(_ trainingType: String, _ layout: CSVLayout) -> Bool
    /// The 19 fields of its format 3 row, as the iOS app writes it: empty where it leaves them empty.
    static func csvFields(_ record: Record) -> [String]
    /// The record of a row, or nil after `row` noted why.
    static func record(_ row: inout CSVRowReader, trainingType: String) -> Record?
    /// Where an import's whole file keeps the answers of this kind.
    static var imported: WritableKeyPath<CSVImportResult, [Record]> { get }
}

/// Every answer kind, in the order the history lists them and the CSV file writes the rows of one
/// millisecond.
enum AnswerKinds {
    static let all: [any AnswerKind.Type] = [
        CompareAnswerKind.self, MatchAnswerKind.self, TimingAnswerKind.self, GapFillAnswerKind.self,
    ]
}

extension AnswerKind {
    static var table: String { Stored.databaseTableName }

    static func record(_ stored: Stored, _ db: Database) throws -> Record? { record(stored) }
    static func didInsert(_ record: Record, id: Int64, _ db: Database) throws {}
    static func deleteAll(_ db: Database) throws { _ = try Stored.deleteAll(db) }
    static func readsCSV(_ trainingType: String, _ layout: CSVLayout) -> Bool { trainingType == csvTrainingType }
}
