import PeachDomain
import PeachText

/// What is wrong with an imported file or one of its records: a case and the values it names
/// (a column, the offending value as `quoted` shows it); `text(_:)` says it through the tables
/// (`csv…` keys) in a language.
public enum CSVReason: Hashable, Sendable {
    case emptyFile
    case endsBeforeHeader
    case moreProblems(Int)
    /// An error of reading the file itself, as it describes itself.
    case unreadable(String)
    case quoteInUnquotedField
    case textAfterClosingQuote
    case unclosedQuote
    /// Bytes that are not UTF-8 text in the record.
    case notText
    case firstLine(found: String)
    case unsupportedFormat(Int)
    case unknownColumn(String, format: Int)
    case duplicateColumn(String)
    case missingColumns([String], format: Int)
    case unexpectedColumn(format: Int, index: Int, name: String, after: String)
    case wrongColumn(format: Int, index: Int, name: String, expected: String)
    case headerEnds(format: Int, count: Int, expected: Int, next: String)
    case fieldCount(expected: Int, found: Int)
    case unknownTrainingType(String)
    case invalidRow
    case missing(String)
    case timestampFormat(String)
    case timestampTooEarly(String)
    case timestampInFuture(String, latest: String)
    case notANote(column: String, value: String)
    case noteNameMismatch(nameColumn: String, name: String, column: String, note: Int, noteName: String)
    case unknownInterval(String, allowed: [String])
    case notesTooFarApart(reference: Int, target: Int)
    case intervalMismatch(String, reference: Int, target: Int, actual: String)
    case unknownTuningSystem(String, allowed: [String])
    case notFinite(column: String, value: String)
    case notANumber(column: String, value: String)
    case centsOutOfRange(column: String, value: Double)
    case notABoolean(column: String, value: String)
    case notATempo(column: String, value: String)
    case millisecondsOutOfRange(column: String, value: Double)

    public func text(_ texts: Texts) -> String {
        switch self {
        case .emptyFile: texts.text(.csvEmptyFile)
        case .endsBeforeHeader: texts.text(.csvEndsBeforeHeader)
        case .moreProblems(let count): texts.text(.csvMoreProblems, count)
        case .unreadable(let description): description
        case .quoteInUnquotedField: texts.text(.csvQuoteInUnquotedField)
        case .textAfterClosingQuote: texts.text(.csvTextAfterClosingQuote)
        case .unclosedQuote: texts.text(.csvUnclosedQuote)
        case .notText: texts.text(.csvNotText)
        case .firstLine(let found): texts.text(.csvFirstLine, CSVColumn.metadataPrefix, found)
        case .unsupportedFormat(let version): texts.text(.csvUnsupportedFormat, "\(version)")
        case .unknownColumn(let name, let format): texts.text(.csvUnknownColumn, name, "\(format)")
        case .duplicateColumn(let name): texts.text(.csvDuplicateColumn, name)
        case .missingColumns(let names, let format):
            texts.text(names.count == 1 ? .csvMissingColumn : .csvMissingColumns, "\(format)", names.joined(separator: ", "))
        case .unexpectedColumn(let format, let index, let name, let after):
            texts.text(.csvUnexpectedColumn, "\(format)", "\(index)", name, after)
        case .wrongColumn(let format, let index, let name, let expected):
            texts.text(.csvWrongColumn, "\(format)", "\(index)", name, expected)
        case .headerEnds(let format, let count, let expected, let next):
            texts.text(.csvHeaderEnds, "\(format)", "\(count)", "\(expected)", next)
        case .fieldCount(let expected, let found): texts.text(.csvFieldCount, "\(expected)", "\(found)")
        case .unknownTrainingType(let type): texts.text(.csvUnknownTrainingType, type)
        case .invalidRow: texts.text(.csvInvalidRow)
        case .missing(let column): texts.text(.csvMissing, column)
        case .timestampFormat(let text): texts.text(.csvTimestampFormat, text)
        case .timestampTooEarly(let text): texts.text(.csvTimestampTooEarly, text)
        case .timestampInFuture(let text, let latest): texts.text(.csvTimestampInFuture, text, latest)
        case .notANote(let column, let value): texts.text(.csvNotANote, column, value)
        case .noteNameMismatch(let nameColumn, let name, let column, let note, let noteName):
            texts.text(.csvNoteNameMismatch, nameColumn, name, column, "\(note)", noteName)
        case .unknownInterval(let text, let allowed): texts.text(.csvUnknownInterval, text, allowed.joined(separator: " "))
        case .notesTooFarApart(let reference, let target): texts.text(.csvNotesTooFarApart, "\(reference)", "\(target)")
        case .intervalMismatch(let text, let reference, let target, let actual):
            texts.text(.csvIntervalMismatch, text, "\(reference)", "\(target)", actual)
        case .unknownTuningSystem(let text, let allowed):
            texts.text(.csvUnknownTuningSystem, text, allowed.joined(separator: texts.text(.csvOr)))
        case .notFinite(let column, let value): texts.text(.csvNotFinite, column, value)
        case .notANumber(let column, let value): texts.text(.csvNotANumber, column, value)
        case .centsOutOfRange(let column, let value): texts.text(.csvCentsOutOfRange, column, "\(value)")
        case .notABoolean(let column, let value): texts.text(.csvNotABoolean, column, value)
        case .notATempo(let column, let value):
            texts.text(.csvNotATempo, column, value, "\(TempoBPM.range.lowerBound)", "\(TempoBPM.range.upperBound)")
        case .millisecondsOutOfRange(let column, let value):
            texts.text(.csvMillisecondsOutOfRange, column, "\(value)", "\(Int(CSVRowDecoder.millisecondLimit))")
        }
    }
}
