import Foundation
import GRDB
import PeachDomain

/// Which answers are stored, cheaply: per table the lowest and highest id (two index look-ups, not a
/// count). Ids are never reused (AUTOINCREMENT) and answers are only added or all deleted, so any
/// change to them changes this.
public struct HistoryVersion: Hashable, Sendable {
    public let compareAnswers: ClosedRange<Int64>?
    public let matchAnswers: ClosedRange<Int64>?
    public let timingAnswers: ClosedRange<Int64>?
    public let gapFillAnswers: ClosedRange<Int64>?
}

/// The answers stored before a time, per table how many and the highest id: it changes when an
/// answer before that time is added (a new id is higher than any before) or deleted (fewer).
public struct HistoryMark: Hashable, Sendable {
    public let before: Date
    public let compareAnswers: Int
    public let compareAnswersHighestID: Int64?
    public let matchAnswers: Int
    public let matchAnswersHighestID: Int64?
    public let timingAnswers: Int
    public let timingAnswersHighestID: Int64?
    public let gapFillAnswers: Int
    public let gapFillAnswersHighestID: Int64?
}

/// One consistent read of the history (a single read transaction): what it reads belongs together
/// even while `peach run` writes.
public struct HistoryReader {
    let db: Database

    /// Every answer with `from ≤ time < before` (either bound may be absent), each kind in the
    /// store's order (time, then as stored), handed over one at a time.
    public func forEachAnswer(from: Date? = nil, before: Date? = nil, comparison: (CompareAnswer) throws -> Void,
                              pitchMatching: (MatchAnswer) throws -> Void) throws {
        var condition: [String] = []
        var arguments: [any DatabaseValueConvertible] = []
        if let from { condition.append("timestamp >= ?"); arguments.append(from.timeIntervalSince1970) }
        if let before { condition.append("timestamp < ?"); arguments.append(before.timeIntervalSince1970) }
        let filter = condition.isEmpty ? "" : "WHERE " + condition.joined(separator: " AND ")
        let compareAnswers = try StoredCompareAnswer.fetchCursor(
            db, sql: "SELECT * FROM comparison \(filter) ORDER BY timestamp, id", arguments: StatementArguments(arguments))
        while let stored = try compareAnswers.next() {
            if let record = stored.record { try comparison(record) }
        }
        let matchAnswers = try StoredMatchAnswer.fetchCursor(
            db, sql: "SELECT * FROM pitchMatching \(filter) ORDER BY timestamp, id", arguments: StatementArguments(arguments))
        while let stored = try matchAnswers.next() {
            if let record = stored.record { try pitchMatching(record) }
        }
    }

    /// Every rhythm answer with `from ≤ time < before`, each kind in the store's order, Fill the
    /// Gap's trials with their taps where trained here (see `HistoryStore.forEachRhythmAnswer`).
    public func forEachRhythmAnswer(from: Date? = nil, before: Date? = nil, timing: (TimingAnswer) throws -> Void,
                                    gapFill: (GapFillAnswer) throws -> Void) throws {
        var condition: [String] = []
        var arguments: [any DatabaseValueConvertible] = []
        if let from { condition.append("timestamp >= ?"); arguments.append(from.timeIntervalSince1970) }
        if let before { condition.append("timestamp < ?"); arguments.append(before.timeIntervalSince1970) }
        let filter = condition.isEmpty ? "" : "WHERE " + condition.joined(separator: " AND ")
        let timingAnswers = try StoredTimingAnswer.fetchCursor(
            db, sql: "SELECT * FROM compareTiming \(filter) ORDER BY timestamp, id", arguments: StatementArguments(arguments))
        while let stored = try timingAnswers.next() {
            if let record = stored.record { try timing(record) }
        }
        let trials = try StoredGapFillAnswer.fetchCursor(
            db, sql: "SELECT * FROM fillTheGap \(filter) ORDER BY timestamp, id", arguments: StatementArguments(arguments))
        while let stored = try trials.next() {
            if let record = try stored.record(db) { try gapFill(record) }
        }
    }

    public func version() throws -> HistoryVersion {
        func span(_ table: String) throws -> ClosedRange<Int64>? {
            // Two sub-queries: SQLite answers a lone min() or max() from the end of the index,
            // but scans the table for both in one SELECT.
            guard let row = try Row.fetchOne(db, sql: "SELECT (SELECT min(id) FROM \(table)), (SELECT max(id) FROM \(table))"),
                  let low = row[0] as Int64?, let high = row[1] as Int64? else { return nil }
            return low...high
        }
        return HistoryVersion(compareAnswers: try span("comparison"), matchAnswers: try span("pitchMatching"),
                              timingAnswers: try span(StoredTimingAnswer.databaseTableName),
                              gapFillAnswers: try span(StoredGapFillAnswer.databaseTableName))
    }

    public func mark(before: Date) throws -> HistoryMark {
        func part(_ table: String) throws -> (Int, Int64?) {
            let row = try Row.fetchOne(db, sql: "SELECT count(*), max(id) FROM \(table) WHERE timestamp < ?",
                                       arguments: [before.timeIntervalSince1970])
            return (row?[0] ?? 0, row?[1])
        }
        let (compareAnswers, compareAnswersID) = try part("comparison")
        let (matchAnswers, matchAnswersID) = try part("pitchMatching")
        let (timingAnswers, timingAnswersID) = try part(StoredTimingAnswer.databaseTableName)
        let (gapFillAnswers, gapFillAnswersID) = try part(StoredGapFillAnswer.databaseTableName)
        return HistoryMark(before: before, compareAnswers: compareAnswers, compareAnswersHighestID: compareAnswersID,
                           matchAnswers: matchAnswers, matchAnswersHighestID: matchAnswersID,
                           timingAnswers: timingAnswers, timingAnswersHighestID: timingAnswersID,
                           gapFillAnswers: gapFillAnswers, gapFillAnswersHighestID: gapFillAnswersID)
    }
}

extension HistoryStore {
    /// `body` within one read; the database's errors as `HistoryError`, the caller's as thrown.
    public func reading<T>(_ body: (HistoryReader) throws -> T) throws -> T {
        do {
            return try Self.read(database) { db in try body(HistoryReader(db: db)) }
        } catch let error as DatabaseError {
            throw Self.storeError(error, path: location.databaseURL.path)
        }
    }
}
