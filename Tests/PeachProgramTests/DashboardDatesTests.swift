import Foundation
import PeachDomain
import PeachTestSupport
import Testing

/// Dates on the pages and in `peach history` are the machine's local time (`TZ`), read through the
/// C library rather than Foundation's calendar: checked in a zone 5 h 45 min off UTC, with
/// Foundation's calendar for that zone as the oracle.
@Suite("web dashboard: local dates", .serialized)
struct DashboardDatesTests {
    static let zone = "Asia/Kathmandu"
    static let english = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func row(_ time: Date) -> String {
        let text = ISO8601DateFormatter().string(from: time)
        return "pitchDiscrimination,\(text),60,C4,60,C4,P1,equalTemperament,12.5,true,,,,,,,,,"
    }

    @Test("the history lists local times; the progress table names local days, weeks from Monday and months",
          .enabled(if: WebCommandTests.binaryAvailable))
    func localDates() throws {
        let oracle = gregorianCalendar(in: try #require(TimeZone(identifier: Self.zone)))
        let now = Date()
        // An old answer (a month bucket), two 12 days ago (a week), two 3 days ago (a day).
        let old = try #require(ISO8601DateFormatter().date(from: "2026-03-05T14:03:07Z"))
        // Whole seconds, as the CSV carries them (a fraction would be rounded there and floored here).
        let week = Date(timeIntervalSince1970: (now.timeIntervalSince1970 - 12 * 86400).rounded(.down))
        let day = week.addingTimeInterval(9 * 86400)
        let times = [old, old.addingTimeInterval(60), week, week.addingTimeInterval(60), day, day.addingTimeInterval(60)]
        let workspace = try WebCommandTests.Workspace()
        let csv = workspace.directory.appendingPathComponent("answers.csv")
        let header = "# peach-export-format:3\ntrainingType,timestamp,referenceNote,referenceNoteName,targetNote,targetNoteName,interval,"
            + "tuningSystem,centOffset,isCorrect,initialCentOffset,userCentError,tempoBPM,offsetMs,meanOffsetMs,meanOffsetMsPosition0,"
            + "meanOffsetMsPosition1,meanOffsetMsPosition2,meanOffsetMsPosition3\n"
        try Data((header + times.map(Self.row).joined(separator: "\n") + "\n").utf8).write(to: csv)
        var environment = ProcessInfo.processInfo.environment
        environment["TZ"] = Self.zone
        let imported = try ProcessRunner.run(BuiltProgram.peach, ["import", csv.path, "--data-dir", workspace.data],
                                             environment: environment)
        #expect(imported.status == 0, "\(imported.output)")

        let listed = try ProcessRunner.run(BuiltProgram.peach, ["history", "--data-dir", workspace.data], environment: environment)
        let web = try DashboardProcess(["--listen", "127.0.0.1:0", "--data-dir", workspace.data, "--config", workspace.config],
                                       environment: ["TZ": Self.zone])
        let history = try web.get("/history").text
        for time in times {
            let local = oracle.localTime(of: time).dateAndTime
            #expect(listed.output.contains(local), "peach history shows \(local)")
            #expect(history.contains(local), "the history page shows \(local)")
        }
        let progress = try web.get("/progress").text
        let month = oracle.localTime(of: old)
        #expect(progress.contains("<td>\(Self.months[month.month - 1]) \(month.year % 100) ("), "month label")
        let monday = oracle.localTime(of: oracle.interval(of: .week, containing: week).start)
        #expect(monday.weekday == 1)
        #expect(progress.contains("<td>wk \(monday.day) \(Self.months[monday.month - 1]) ("), "week label")
        let local = oracle.localTime(of: day)
        #expect(progress.contains("<td>\(Self.english[local.weekday - 1]) \(local.day) ("), "day label")
    }
}
