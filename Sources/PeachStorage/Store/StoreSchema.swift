import GRDB
import PeachDomain

/// The database schema, as GRDB migrations from the first version on. Never edit a shipped
/// migration; add a new one.
enum StoreSchema {
    /// `PRAGMA application_id`: "PEAC". Tells a Peach database from any other SQLite file.
    static let applicationID: Int32 = 0x5045_4143

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-training-records") { db in
            try db.execute(sql: "PRAGMA application_id = \(applicationID)")
            try db.create(table: StoredCompareAnswer.databaseTableName) { table in
                addAnswerColumns(to: table)
                table.column("centOffset", .double).notNull()
                table.column("isCorrect", .boolean).notNull()
            }
            try db.create(index: "comparison_timestamp", on: StoredCompareAnswer.databaseTableName, columns: ["timestamp"])
            try db.create(table: StoredMatchAnswer.databaseTableName) { table in
                addAnswerColumns(to: table)
                table.column("initialCentOffset", .double).notNull()
                table.column("userCentError", .double).notNull()
            }
            try db.create(index: "pitchMatching_timestamp", on: StoredMatchAnswer.databaseTableName,
                          columns: ["timestamp"])
        }
        migrator.registerMigration("v2-profile-checkpoint") { db in
            try ProfileCheckpoint.createTable(db)
        }
        migrator.registerMigration("v3-rhythm-answers") { db in
            try db.create(table: StoredTimingAnswer.databaseTableName) { table in
                addRhythmColumns(to: table)
                table.column("offsetMs", .double).notNull()
                table.column("isCorrect", .boolean).notNull()
            }
            try db.create(index: "compareTiming_timestamp", on: StoredTimingAnswer.databaseTableName,
                          columns: ["timestamp"])
            try db.create(table: StoredGapFillAnswer.databaseTableName) { table in
                addRhythmColumns(to: table)
                table.column("meanOffsetMs", .double).notNull()
                // Null where the trial had no gap at that position.
                for position in 0..<GapFillAnswer.gapPositions {
                    table.column("meanOffsetMsPosition\(position)", .double)
                }
            }
            try db.create(index: "fillTheGap_timestamp", on: StoredGapFillAnswer.databaseTableName,
                          columns: ["timestamp"])
        }
        migrator.registerMigration("v4-fill-the-gap-taps") { db in
            try StoredGapTap.createTable(db)
        }
        return migrator
    }

    /// The columns both rhythm answers share, in the order the stored records decode them.
    private static func addRhythmColumns(to table: TableDefinition) {
        table.autoIncrementedPrimaryKey("id")
        table.column("timestamp", .double).notNull()
        table.column("tempoBPM", .integer).notNull().check { $0 > 0 }
    }

    /// The columns both kinds of pitch answer share, in the order the stored records decode them.
    private static func addAnswerColumns(to table: TableDefinition) {
        table.autoIncrementedPrimaryKey("id")
        table.column("timestamp", .double).notNull()
        table.column("referenceNote", .integer).notNull().check { $0 >= 0 && $0 <= 127 }
        table.column("targetNote", .integer).notNull().check { $0 >= 0 && $0 <= 127 }
        table.column("interval", .integer).notNull()
            .check(sql: "interval = targetNote - referenceNote AND interval BETWEEN -12 AND 12")
        table.column("tuningSystem", .text).notNull()
            .check(sql: "tuningSystem IN ('equalTemperament', 'justIntonation')")
    }
}
