import Foundation
import GRDB
import PeachDomain

/// Which answers are stored, cheaply: per table the lowest and highest id (two index look-ups, not a
/// count). Ids are never reused (AUTOINCREMENT) and answers are only added or all deleted, so any
/// change to them changes this.
public struct HistoryVersion: Hashable, Sendable {
    public internal(set) var compareAnswers: ClosedRange<Int64>?
    public internal(set) var matchAnswers: ClosedRange<Int64>?
    public internal(set) var timingAnswers: ClosedRange<Int64>?
    public internal(set) var gapFillAnswers: ClosedRange<Int64>?
}

/// The answers stored before a time, per table how many and the highest id: it changes when an
/// answer before that time is added (a new id is higher than any before) or deleted (fewer).
public struct HistoryMark: Hashable, Sendable {
    public let before: Date
    public internal(set) var compareAnswers = 0
    public internal(set) var compareAnswersHighestID: Int64?
    public internal(set) var matchAnswers = 0
    public internal(set) var matchAnswersHighestID: Int64?
    public internal(set) var timingAnswers = 0
    public internal(set) var timingAnswersHighestID: Int64?
    public internal(set) var gapFillAnswers = 0
    public internal(set) var gapFillAnswersHighestID: Int64?

    init(before: Date) {
        self.before = before
    }
}

/// One consistent read of the history (a single read transaction): what it reads belongs together
/// even while `peach run` writes.
public struct HistoryReader {
    let db: Database

    /// Every answer of `kind` with `from ≤ time < before` (either bound may be absent), in the
    /// store's order (time, then as stored), handed over one at a time.
    func forEach<Kind: AnswerKind>(_ kind: Kind.Type, from: Date?, before: Date?,
                                   _ body: (Kind.Record) throws -> Void) throws {
        try kind.forEach(from: from, before: before, db, body)
    }

    /// Every pitch answer with `from ≤ time < before` (either bound may be absent), each kind in the
    /// store's order (time, then as stored), handed over one at a time.
    public func forEachAnswer(from: Date? = nil, before: Date? = nil, comparison: (CompareAnswer) throws -> Void,
                              pitchMatching: (MatchAnswer) throws -> Void) throws {
        try forEach(CompareAnswerKind.self, from: from, before: before, comparison)
        try forEach(MatchAnswerKind.self, from: from, before: before, pitchMatching)
    }

    /// Every rhythm answer with `from ≤ time < before`, each kind in the store's order, Fill the
    /// Gap's trials with their taps where trained here (see `HistoryStore.forEachRhythmAnswer`).
    public func forEachRhythmAnswer(from: Date? = nil, before: Date? = nil, timing: (TimingAnswer) throws -> Void,
                                    gapFill: (GapFillAnswer) throws -> Void) throws {
        try forEach(TimingAnswerKind.self, from: from, before: before, timing)
        try forEach(GapFillAnswerKind.self, from: from, before: before, gapFill)
    }

    public func version() throws -> HistoryVersion {
        var version = HistoryVersion()
        for kind in AnswerKinds.all { version[keyPath: kind.versionPart] = try kind.ids(db) }
        return version
    }

    public func mark(before: Date) throws -> HistoryMark {
        var mark = HistoryMark(before: before)
        for kind in AnswerKinds.all {
            (mark[keyPath: kind.marked], mark[keyPath: kind.markedHighestID]) = try kind.mark(before: before, db)
        }
        return mark
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
