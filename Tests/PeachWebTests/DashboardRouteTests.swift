import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PeachReports
import PeachDomain
import PeachStorage
import PeachText
import Testing
@testable import PeachWeb

/// Every route of the dashboard through its router, in-process: the pages, the API, the download,
/// refusals of what is not a route. PeachProgramTests' WebCommandTests run the same through the program.
@Suite("dashboard routes, in-process")
struct DashboardRouteTests {
    static let pages = ["/", "/progress", "/matching", "/history", "/data"]

    @Test("an empty history: every page 200 with its security headers; no answers said; API and CSV as the reports'")
    func emptyHistory() async throws {
        let dashboard = try InProcessDashboard()
        let exported = try dashboard.exported()
        try await dashboard.test { client in
            for path in Self.pages {
                let reply = try await client.get(path)
                #expect(reply.status == .ok, "\(path)")
                #expect(reply.headers[.contentType] == "text/html; charset=utf-8", "\(path)")
                #expect(reply.text.contains("<nav>"), "\(path)")
                #expect(reply.headers[.contentSecurityPolicy]?.contains("default-src 'none'") == true, "\(path)")
                #expect(reply.headers[.cacheControl] == "no-store", "\(path)")
            }
            #expect(try await client.get("/").text.contains("No answers yet"))
            #expect(try await client.get("/history").text.contains("No answers."))
            let data = try await client.get("/data").text
            #expect(data.contains("# default") && data.contains("value=\"\(InProcessDashboard.csrf)\""))
            let profile = try await client.get("/api/profile")
            #expect(profile.headers[.contentType] == "application/json")
            #expect(profile.text.hasSuffix("}\n") && profile.text.contains("\"overallMean\" : null"))
            let csv = try await client.get("/export.csv")
            #expect(csv.headers[.contentType] == "text/csv; charset=utf-8")
            #expect(csv.headers[.contentDisposition] == "attachment; filename=\"peach-export.csv\"")
            #expect(csv.text == exported)
        }
        // Reading an empty history creates nothing.
        #expect(!FileManager.default.fileExists(atPath: dashboard.location.databaseURL.path))
    }

    @Test("a filled history: curve and table on the pages, the history filtered by mode, the API as peach profile --json, the CSV as peach export")
    func filledHistory() async throws {
        let dashboard = try InProcessDashboard()
        try dashboard.fill()
        let exported = try dashboard.exported()
        let json = try await MainActor.run {
            let digest = try History(location: dashboard.location).digest(now: Date(), calendar: SystemCalendar(), range: .standard)
            return try ProfileReport(digest: digest, range: .standard).json()
        }
        try await dashboard.test { client in
            let profile = try await client.get("/")
            #expect(profile.status == .ok)
            #expect(profile.text.contains("<polyline class=\"curve\""))
            #expect(!profile.text.contains("No answers yet"))
            // The rhythm modes as peach profile says them: Compare Timing per tempo band, Fill the Gap's taps.
            #expect(profile.text.contains("<section class=\"mode\" id=\"compare-timing\"><h2>Compare Timing</h2>"))
            #expect(profile.text.contains("<p class=\"measured\">  80–99 BPM: early "))
            #expect(profile.text.contains("<section class=\"mode\" id=\"fill-the-gap\"><h2>Fill the Gap</h2>"))
            #expect(try await client.get("/progress").text.contains("<polyline class=\"curve\""))
            let matching = try await client.get("/matching").text
            #expect(matching.contains("<h3>Bias</h3>") && matching.contains("<h3>Spread</h3>"))
            let history = try await client.get("/history").text
            #expect(history.components(separatedBy: "class=\"answer\"").count - 1 == 100, "the latest 100")
            let compare = try await client.get("/history?mode=compare-intervals").text
            #expect(compare.contains("class=\"answer\"") && !compare.contains("<td>Tune &amp; Match"))
            #expect(try await client.get("/history?mode=nonsense").status == .ok, "an unknown mode lists every mode")
            #expect(try await client.get("/api/profile").text == json + "\n")
            #expect(json.contains("\"mode\" : \"fill-the-gap\"") && json.contains("\"count\" : 40,\n      \"ewma\""), "the rhythm answers count too")
            let timing = try await client.get("/history?mode=compare-timing").text
            #expect(timing.contains("class=\"answer\"") && !timing.contains("<td>Hear &amp; Compare"))
            #expect(try await client.get("/export.csv").text == exported)
            let script = try await client.get("/live.js")
            #expect(script.headers[.contentType] == "text/javascript; charset=utf-8" && script.text.contains("EventSource"))
        }
    }

    /// The part of `page` that is `mode`'s section.
    static func section(_ mode: TrainingMode, of page: String) throws -> String {
        let start = try #require(page.range(of: "<section class=\"mode\" id=\"\(mode.rawValue)\">"))
        let end = try #require(page.range(of: "</section>", range: start.upperBound..<page.endIndex))
        return String(page[start.lowerBound..<end.upperBound])
    }

    @Test("progress: the rhythm modes' charts in ms and a row per session, day or week, from a history of rhythm answers; the pitch modes say they have none")
    func rhythmProgress() async throws {
        let dashboard = try InProcessDashboard()
        try dashboard.fillRhythm()
        let points = try History(location: dashboard.location).digest(now: Date(), calendar: SystemCalendar(), range: .standard).rhythm.progress
        #expect(points.timing.count >= 8 && points.gapFill.count == points.timing.count, "sessions, days and weeks")
        let page = try await dashboard.test { client in try await client.get("/progress").text }
        #expect(!page.contains("class=\"empty\""), "rhythm answers are answers")
        for mode in TrainingMode.pitchModes {
            #expect(try Self.section(mode, of: page).contains("<p>No answers yet.</p>"), "\(mode)")
        }

        let timing = try Self.section(.compareTiming, of: page)
        #expect(timing.contains("<h2>Compare Timing</h2>\n<p class=\"measured\">80–99 BPM: early 75 % correct at "))
        #expect(timing.contains("<h3>80–99 BPM</h3>") && timing.contains("<h4>Early</h4>") && timing.contains("<h4>Late</h4>"))
        #expect(timing.components(separatedBy: "<polyline class=\"curve\" points=\"").count - 1 == 2, "early and late")
        #expect(!timing.contains("points=\"\""), "each line drawn")
        #expect(timing.contains(" ms</text>") && !timing.contains(" ct</text>"), "a millisecond scale")
        #expect(timing.contains("<tr><th>When</th><th>Answers</th><th>Early</th><th>Late</th></tr>"))
        #expect(timing.components(separatedBy: "<tr><td>").count - 1 == points.timing.count, "a row per bucket")
        // The newest row first: today's session, its 60 answers and the thresholds the profile says now.
        #expect(timing.contains("(session)</td><td>60</td><td>75 % correct at "))
        #expect(timing.contains("(day)</td><td>60</td>") && timing.contains("(week)</td>"))

        let gapFill = try Self.section(.fillTheGap, of: page)
        #expect(gapFill.contains("<p class=\"measured\">6.0 ms early ("))
        #expect(gapFill.contains("<h4>Bias</h4>") && gapFill.contains("<h4>Spread</h4>"))
        #expect(gapFill.components(separatedBy: "<polyline class=\"curve\" points=\"").count - 1 == 2, "bias and spread")
        #expect(!gapFill.contains("points=\"\""), "each line and band drawn")
        #expect(gapFill.contains(" ms</text>"))
        #expect(gapFill.contains("<tr><th>When</th><th>Trials</th><th>Bias</th><th>Spread</th><th>Hits</th><th>Misses</th></tr>"))
        #expect(gapFill.components(separatedBy: "<tr><td>").count - 1 == points.gapFill.count)
        #expect(gapFill.contains("(session)</td><td>3</td><td>6.0 ms early (") && gapFill.contains("</td><td>42</td><td>6</td></tr>"))
    }

    @Test("progress in German: the rhythm sections' headings, columns and units; without rhythm answers they say there are none")
    func rhythmProgressInGerman() async throws {
        let dashboard = try InProcessDashboard(texts: Texts(.german))
        let empty = try await dashboard.test { client in try await client.get("/progress").text }
        #expect(try Self.section(.compareTiming, of: empty).contains("<p>Noch keine Antworten.</p>"))
        #expect(try Self.section(.fillTheGap, of: empty).contains("<p>Noch keine Antworten.</p>"))
        try dashboard.fillRhythm(days: 3)
        let page = try await dashboard.test { client in try await client.get("/progress").text }
        let timing = try Self.section(.compareTiming, of: page)
        #expect(timing.contains("<h4>Zu früh</h4>") && timing.contains("<th>Zu spät</th>") && timing.contains(" ms</text>"))
        let gapFill = try Self.section(.fillTheGap, of: page)
        #expect(gapFill.contains("<th>Runden</th><th>Tendenz</th><th>Streuung</th><th>Treffer</th><th>Auslassungen</th>"))
        #expect(gapFill.contains("6,0 ms zu früh"))
    }

    @Test("what is no route: 404 (or 400), whatever the path tries; GET /import is not the import")
    func notRoutes() async throws {
        let dashboard = try InProcessDashboard()
        try dashboard.fill(50)
        try await dashboard.test { client in
            for path in ["/nothing", "/../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/data/../../etc/passwd", "//etc/passwd",
                         "/export.csv/../../peach.sqlite", "/peach.sqlite", "/web-token"] {
                let reply = try await client.get(path)
                #expect(reply.status == .notFound || reply.status == .badRequest, "\(path): \(reply.status)")
                #expect(!reply.text.contains("root:x:0") && !reply.text.contains("SQLite format"), "\(path)")
            }
            #expect(try await client.get("/import").status != .ok)
            #expect(try await client.executeRequest(uri: "/", method: .post, headers: [:], body: nil).status != .ok)
        }
    }

    @Test("a history that cannot be read: the pages, the API and the download answer 500 with the file and the store's reason, and the log says it")
    func unreadableHistory() async throws {
        let dashboard = try InProcessDashboard()
        try Data("these bytes are no SQLite database, but they are long enough to be taken for one's header".utf8)
            .write(to: dashboard.location.databaseURL)
        let said = "500: \(dashboard.location.databaseURL.path) is not an SQLite database"
        try await dashboard.test { client in
            for path in ["/", "/progress", "/matching", "/history", "/api/profile", "/export.csv"] {
                let reply = try await client.get(path)
                #expect(reply.status == .internalServerError, "\(path)")
                #expect(reply.headers[.contentType] == "text/plain; charset=utf-8", "\(path)")
                #expect(reply.text.hasPrefix(said), "\(path): \(reply.text.prefix(300))")
            }
            // What needs no history still answers.
            #expect(try await client.get("/data").status == .ok)
        }
        #expect(dashboard.log.contains(level: .error, said))
    }
}
