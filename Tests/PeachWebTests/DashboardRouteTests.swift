import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PeachReports
import PeachDomain
import PeachStorage
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
            #expect(json.contains("\"mode\" : \"fill-the-gap\"") && json.contains("\"count\" : 40,\n      \"hits\""), "the rhythm answers count too")
            let timing = try await client.get("/history?mode=compare-timing").text
            #expect(timing.contains("class=\"answer\"") && !timing.contains("<td>Hear &amp; Compare"))
            #expect(try await client.get("/export.csv").text == exported)
            let script = try await client.get("/live.js")
            #expect(script.headers[.contentType] == "text/javascript; charset=utf-8" && script.text.contains("EventSource"))
        }
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
