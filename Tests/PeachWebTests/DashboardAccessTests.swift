import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import PeachWeb

/// The access guard in front of every route (`AccessGuard`), in-process: a loopback dashboard
/// answers only to loopback names; one beyond loopback only to its token.
@Suite("dashboard access, in-process")
struct DashboardAccessTests {
    static let token = AccessToken(value: String(repeating: "5a", count: 24))
    static let everything = ["/", "/progress", "/matching", "/history", "/data", "/api/profile", "/export.csv", "/live.js",
                             "/events", "/nothing", "/../etc/passwd"]

    @Test("beyond loopback without the token: 401 for every path and the import, whatever the path")
    func refusedWithoutToken() async throws {
        let dashboard = try InProcessDashboard(token: Self.token)
        try await dashboard.test { client in
            for path in Self.everything {
                let reply = try await client.get(path)
                #expect(reply.status == .unauthorized, "\(path)")
                #expect(reply.text.contains("access token"), "\(path): \(reply.text)")
            }
            #expect(try await client.importCSV("").status == .unauthorized)
            #expect(try await client.get("/?token=wrong").status == .unauthorized)
            #expect(try await client.get("/", headers: [.cookie: "peach_token=wrong"]).status == .unauthorized)
            #expect(try await client.get("/api/profile", headers: [.authorization: "Basic \(Self.token.value)"]).status == .unauthorized)
        }
    }

    @Test("the token URL sets the cookie and leads to the page without it; the cookie or a bearer token lets in")
    func letInWithToken() async throws {
        let dashboard = try InProcessDashboard(token: Self.token)
        try await dashboard.test { client in
            let entry = try await client.get("/progress?token=\(Self.token.value)")
            #expect(entry.status == .seeOther)
            #expect(entry.headers[.location] == "/progress")
            let cookie = try #require(entry.headers[.setCookie])
            #expect(cookie.contains("peach_token=\(Self.token.value)") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
            // The rest of the query stays: a link to a filtered page keeps its filter.
            let filtered = try await client.get("/history?mode=match&token=\(Self.token.value)&page=2")
            #expect(filtered.headers[.location] == "/history?mode=match&page=2")
            #expect(try await client.get("/progress", headers: [.cookie: "peach_token=\(Self.token.value)"]).status == .ok)
            #expect(try await client.get("/api/profile", headers: [.authorization: "Bearer \(Self.token.value)"]).status == .ok)
            #expect(try await client.get("/api/profile", headers: [.authorization: "bearer \(Self.token.value)"]).status == .ok)
        }
    }

    @Test("a loopback dashboard refuses a request naming another host (DNS rebinding) and answers loopback names",
          arguments: [("evil.example:8080", false), ("evil.example", false), ("127.0.0.1.evil.example", false),
                      ("localhost:8080", true), ("127.0.0.1:8080", true), ("[::1]:8080", true)])
    func loopbackOnly(_ host: String, _ allowed: Bool) async throws {
        let dashboard = try InProcessDashboard()
        try await dashboard.test(host: host) { client in
            let reply = try await client.get("/api/profile")
            #expect(reply.status == (allowed ? .ok : .forbidden), "\(host)")
            if !allowed { #expect(reply.text.contains("loopback") || reply.text.contains("localhost"), "\(reply.text)") }
        }
    }
}
