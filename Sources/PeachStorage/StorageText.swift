import PeachText

/// PeachStorage's texts, by their keys in the tables: a CSV file's problems, the history's errors, the
/// answers it refused and kept, and what an import did (said by `peach import` and the dashboard alike).
public enum StorageText: String, TextKeys {
    // An answer of the history, right or wrong (`peach history`, the dashboard's history)
    case historyRight
    case historyWrong
    // What an import did (`peach import`, the dashboard's import form)
    case importNotImported
    case importDone
    case importDoneReplacing
    case importDuplicatesSkipped
    case importRhythmAnswers
    // Problems of an imported CSV file (CSVReason)
    case csvLine
    case csvEmptyFile
    case csvEndsBeforeHeader
    case csvMoreProblems
    case csvQuoteInUnquotedField
    case csvTextAfterClosingQuote
    case csvUnclosedQuote
    case csvNotText
    case csvFirstLine
    case csvUnsupportedFormat
    case csvUnknownColumn
    case csvDuplicateColumn
    case csvMissingColumn
    case csvMissingColumns
    case csvUnexpectedColumn
    case csvWrongColumn
    case csvHeaderEnds
    case csvFieldCount
    case csvUnknownTrainingType
    case csvInvalidRow
    case csvMissing
    case csvTimestampFormat
    case csvTimestampTooEarly
    case csvTimestampInFuture
    case csvNotANote
    case csvNoteNameMismatch
    case csvUnknownInterval
    case csvNotesTooFarApart
    case csvIntervalMismatch
    case csvUnknownTuningSystem
    case csvOr
    case csvNotFinite
    case csvNotANumber
    case csvCentsOutOfRange
    case csvNotABoolean
    case csvNotATempo
    case csvMillisecondsOutOfRange
    // The history's errors (HistoryError)
    case storeNotADatabase
    case storeCorrupt
    case storeNotPeachDatabase
    case storeNewerVersion
    case storeLocked
    case storeBeingWritten
    case storeCannotCreateDirectory
    case storeReadOnlyLocation
    case storeUnreadable
    case storeDiskFull
    case storeFailed
    case storeNotReadyYet
    case storeNoWriteAheadLog
    case storeCannotOpen
    // Answers the history refused, kept and written later (DurableAnswerWriter, AnswerJournal)
    case historyJournalUnreadable
    case historyJournalLinesSkipped
    case historyJournalReplayed
    case historyStillRefuses
    case historyAnswersWait
    case historyAnswersLost
    case historyMemoryOnly
    case historyKeptIn
    case historyKeptInMemory
    case historyRefused
    case historyAcceptsAgain
    case historyJournalNotCleared
    case journalCannotWrite
}

extension Texts {
    /// The text of `key` with its placeholders filled in.
    public func text(_ key: StorageText, _ arguments: any TextArgument...) -> String {
        text(of: key, arguments: arguments)
    }
}
