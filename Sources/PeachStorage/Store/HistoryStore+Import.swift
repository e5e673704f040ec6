import Foundation
import GRDB
import PeachDomain

public enum ImportMode: String, Sendable {
    /// Keep what is stored; add what is new (duplicates skipped).
    case merge
    /// Forget what is stored; keep exactly what is imported.
    case replace
}

public struct ImportSummary: Hashable, Sendable {
    public var compareAnswersAdded = 0
    public var matchAnswersAdded = 0
    public var timingAnswersAdded = 0
    public var gapFillAnswersAdded = 0
    /// When merging: answers already stored (or twice in the import), by the iOS app's rule: same
    /// kind, timestamp to the second, and the same reference and target note (pitch) or tempo
    /// (rhythm). Always 0 when replacing.
    public var duplicatesSkipped = 0

    /// Compare Timing and Fill the Gap answers added.
    public var rhythmAnswersAdded: Int { timingAnswersAdded + gapFillAnswersAdded }
    /// Answers of every kind added.
    public var answersAdded: Int { compareAnswersAdded + matchAnswersAdded + rhythmAnswersAdded }
}

extension HistoryStore {
    /// Adds (or, with `.replace`, substitutes) answers in one transaction: all of them or none.
    public func importRecords(compareAnswers: [CompareAnswer], matchAnswers: [MatchAnswer],
                              timingAnswers: [TimingAnswer] = [], gapFillAnswers: [GapFillAnswer] = [],
                              mode: ImportMode) throws(HistoryError) -> ImportSummary {
        do {
            return try importAnswers(mode: mode) { add in
                for record in compareAnswers { try add(.compare(record)) }
                for record in matchAnswers { try add(.match(record)) }
                for record in timingAnswers { try add(.timing(record)) }
                for record in gapFillAnswers { try add(.gapFill(record)) }
            }
        } catch let error as HistoryError {
            throw error
        } catch {
            throw Self.storeError(error, path: location.databaseURL.path)
        }
    }

    /// One all-or-nothing transaction in which `produce` hands over answers one by one (as a file is
    /// read), each written at once: nothing is held in memory. Whatever `produce` throws undoes the
    /// whole import and is rethrown as it is; database errors become `HistoryError`.
    public func importAnswers(mode: ImportMode,
                              _ produce: (_ add: (Answer) throws -> Void) throws -> Void) throws -> ImportSummary {
        do {
            return try database.write { db in
                var summary = ImportSummary()
                // An import may add answers older than the checkpoint's, or replace them all.
                try ProfileCheckpoint.forget(db)
                if mode == .replace { try Self.deleteAllAnswers(db) }
                let writer = try ImportWriter(db)
                try produce { record in
                    if mode == .merge, try writer.isStored(record) {
                        summary.duplicatesSkipped += 1
                        return
                    }
                    try writer.insert(record)
                    switch record {
                    case .compare: summary.compareAnswersAdded += 1
                    case .match: summary.matchAnswersAdded += 1
                    case .timing: summary.timingAnswersAdded += 1
                    case .gapFill: summary.gapFillAnswersAdded += 1
                    }
                }
                return summary
            }
        } catch let error as DatabaseError {
            throw Self.storeError(error, path: location.databaseURL.path)
        }
    }
}

/// Prepared statements for an import: an insert per kind, and the duplicate check (same kind and
/// second, and the same notes or tempo), which also sees answers inserted earlier in the same import.
private struct ImportWriter {
    let insertComparison: Statement
    let insertMatching: Statement
    let insertTiming: Statement
    let insertGapFill: Statement
    let comparisonExists: Statement
    let matchingExists: Statement
    let timingExists: Statement
    let gapFillExists: Statement

    init(_ db: Database) throws {
        insertComparison = try db.makeStatement(sql: """
            INSERT INTO comparison (timestamp, referenceNote, targetNote, interval, tuningSystem, centOffset, isCorrect)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        insertMatching = try db.makeStatement(sql: """
            INSERT INTO pitchMatching (timestamp, referenceNote, targetNote, interval, tuningSystem, initialCentOffset,
                                       userCentError)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        insertTiming = try db.makeStatement(sql: """
            INSERT INTO compareTiming (timestamp, tempoBPM, offsetMs, isCorrect) VALUES (?, ?, ?, ?)
            """)
        insertGapFill = try db.makeStatement(sql: """
            INSERT INTO fillTheGap (timestamp, tempoBPM, meanOffsetMs, meanOffsetMsPosition0, meanOffsetMsPosition1,
                                    meanOffsetMsPosition2, meanOffsetMsPosition3)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        // not a text: SQL
        let exists = "WHERE timestamp >= ? AND timestamp < ? AND referenceNote = ? AND targetNote = ?"
        comparisonExists = try db.makeStatement(sql: "SELECT EXISTS (SELECT 1 FROM comparison \(exists))")
        matchingExists = try db.makeStatement(sql: "SELECT EXISTS (SELECT 1 FROM pitchMatching \(exists))")
        // not a text: SQL
        let rhythmExists = "WHERE timestamp >= ? AND timestamp < ? AND tempoBPM = ?"
        timingExists = try db.makeStatement(sql: "SELECT EXISTS (SELECT 1 FROM compareTiming \(rhythmExists))")
        gapFillExists = try db.makeStatement(sql: "SELECT EXISTS (SELECT 1 FROM fillTheGap \(rhythmExists))")
    }

    func isStored(_ record: Answer) throws -> Bool {
        let second = record.timestamp.timeIntervalSince1970.rounded(.down)
        let (statement, arguments): (Statement, StatementArguments)
        switch record {
        case .compare(let answer):
            (statement, arguments) = (comparisonExists, [second, second + 1, answer.referenceNote.rawValue,
                                                         answer.targetNote.rawValue])
        case .match(let answer):
            (statement, arguments) = (matchingExists, [second, second + 1, answer.referenceNote.rawValue,
                                                       answer.targetNote.rawValue])
        case .timing(let answer):
            (statement, arguments) = (timingExists, [second, second + 1, answer.tempo.rawValue])
        case .gapFill(let answer):
            (statement, arguments) = (gapFillExists, [second, second + 1, answer.tempo.rawValue])
        }
        return try Bool.fetchOne(statement, arguments: arguments) ?? false
    }

    func insert(_ record: Answer) throws {
        switch record {
        case .compare(let answer):
            try insertComparison.execute(arguments: [
                answer.timestamp.timeIntervalSince1970, answer.referenceNote.rawValue, answer.targetNote.rawValue,
                answer.interval.signedSemitones, answer.tuningSystem.rawValue, answer.centOffset.rawValue,
                answer.isCorrect,
            ])
        case .match(let answer):
            try insertMatching.execute(arguments: [
                answer.timestamp.timeIntervalSince1970, answer.referenceNote.rawValue, answer.targetNote.rawValue,
                answer.interval.signedSemitones, answer.tuningSystem.rawValue, answer.initialCentOffset.rawValue,
                answer.userCentError.rawValue,
            ])
        case .timing(let answer):
            try insertTiming.execute(arguments: [
                answer.timestamp.timeIntervalSince1970, answer.tempo.rawValue, answer.offsetMs, answer.isCorrect,
            ])
        case .gapFill(let answer):
            let byPosition = answer.meanOffsetMsByPosition
            try insertGapFill.execute(arguments: [
                answer.timestamp.timeIntervalSince1970, answer.tempo.rawValue, answer.meanOffsetMs,
                byPosition[0], byPosition[1], byPosition[2], byPosition[3],
            ])
        }
    }
}
