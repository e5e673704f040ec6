import Foundation
import PeachDomain
import PeachTestSupport
import Testing
@testable import PeachWeb

/// The `Date` header the server writes itself (not through Foundation's calendar).
@Suite("web dashboard: Date header")
struct HTTPDateTests {
    @Test("RFC 9110's example and Foundation's IMF-fixdate agree, before and after 1970")
    func format() {
        #expect(HTTPDate.format(Date(timeIntervalSince1970: 784_111_777)) == "Sun, 06 Nov 1994 08:49:37 GMT")
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        var generator = SeededRandomGenerator(seed: 5)
        for _ in 0..<2000 {
            let date = Date(timeIntervalSince1970: Double.random(in: -2_000_000_000...4_000_000_000, using: &generator).rounded(.down))
            #expect(HTTPDate.format(date) == formatter.string(from: date))
        }
    }

    @Test("every answer carries the date", .enabled(if: WebCommandTests.binaryAvailable))
    func header() throws {
        let workspace = try WebCommandTests.Workspace()
        let web = try workspace.dashboard()
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        for path in ["/", "/nowhere"] {
            let date = try #require(try web.get(path).header("Date"), "\(path)")
            let sent = try #require(formatter.date(from: date), "\(date)")
            #expect(abs(sent.timeIntervalSinceNow) < 300, "\(date)")
        }
    }
}
