import Foundation
import GRDB
import PeachDomain

/// The `fillTheGapTap` table: every tap of a Fill the Gap trial trained here, by the gap's position
/// (0–3) and its offset in milliseconds (negative early), in the order tapped. The trial's gaps left
/// untapped are its `misses` column. The iOS app's trials keep only their means: no taps, `misses` null.
enum StoredGapTap {
    static let databaseTableName = "fillTheGapTap"

    /// The taps' table, and the trials' `misses`.
    static func createTable(_ db: Database) throws {
        try db.alter(table: StoredGapFillAnswer.databaseTableName) { table in
            table.add(column: "misses", .integer).check { $0 >= 0 }
        }
        try db.create(table: databaseTableName) { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("trial", .integer).notNull().indexed()
                .references(StoredGapFillAnswer.databaseTableName, onDelete: .cascade)
            table.column("position", .integer).notNull().check { $0 >= 0 && $0 < GapFillAnswer.gapPositions }
            table.column("offsetMs", .double).notNull()
        }
    }

    /// Writes the taps of the trial stored as row `trial`.
    static func insert(_ taps: GapTaps, trial: Int64, _ db: Database) throws {
        let statement = try db.cachedStatement(sql: "INSERT INTO \(databaseTableName) (trial, position, offsetMs) VALUES (?, ?, ?)")
        for tap in taps.hits {
            try statement.execute(arguments: [trial, tap.position.rawValue, tap.offsetMs])
        }
    }

    /// The taps of the trial stored as row `trial`, in the order tapped. A row no tap can be (a
    /// value of another type, one that is not finite) is left out.
    static func hits(ofTrial trial: Int64, _ db: Database) throws -> [GapTaps.Tap] {
        let statement = try db.cachedStatement(sql: "SELECT position, offsetMs FROM \(databaseTableName) WHERE trial = ? ORDER BY id")
        let rows = try Row.fetchCursor(statement, arguments: [trial])
        var taps: [GapTaps.Tap] = []
        while let row = try rows.next() {
            let offset = StoredValue.real(row, 1)
            guard let position = StoredValue.integer(row, 0).flatMap(GapPosition.init(rawValue:)), offset.isFinite else { continue }
            taps.append(GapTaps.Tap(position: position, offsetMs: offset))
        }
        return taps
    }
}

extension StoredGapFillAnswer {
    /// The answer with its taps when the trial was trained here (`misses` is not null).
    func record(_ db: Database) throws -> GapFillAnswer? {
        guard let answer = record else { return nil }
        guard let misses, misses >= 0, let id else { return answer }
        let taps = GapTaps(hits: try StoredGapTap.hits(ofTrial: id, db), misses: misses)
        return GapFillAnswer(tempo: answer.tempo, meanOffsetMs: answer.meanOffsetMs,
                             meanOffsetMsByPosition: answer.meanOffsetMsByPosition, timestamp: answer.timestamp,
                             taps: taps) ?? answer
    }
}
