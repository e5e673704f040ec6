import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PeachTestSupport
import Testing
@testable import PeachWeb

/// The import form's POST through the router, in-process: what it imports, what it refuses and
/// that a refused upload changes nothing. The body is parsed by MultipartKit (`UploadForm`).
@Suite("dashboard upload, in-process")
struct DashboardUploadTests {
    static let header = "# peach-export-format:3\ntrainingType,timestamp,referenceNote,referenceNoteName,targetNote,targetNoteName,"
        + "interval,tuningSystem,centOffset,isCorrect,initialCentOffset,userCentError,tempoBPM,offsetMs,meanOffsetMs,"
        + "meanOffsetMsPosition0,meanOffsetMsPosition1,meanOffsetMsPosition2,meanOffsetMsPosition3\n"
    static let good = header + "pitchDiscrimination,2026-03-05T14:03:07Z,60,C4,67,G4,P5,justIntonation,-12.5,false,,,,,,,,,\n"
    static let malformed = good + "pitchDiscrimination,yesterday,60,C4,67,G4,P5,justIntonation,-12.5,false,,,,,,,,,\n"
        + "pitchMatching,2026-03-05T14:05:10Z,300,A3,57,A3,P1,equalTemperament,,,33.25,-4.0,,,,,,,\n"

    /// One part of a form body, as given (`disposition` is the Content-Disposition's value).
    static func part(_ boundary: String, _ disposition: String, _ content: String) -> String {
        "--\(boundary)\r\nContent-Disposition: \(disposition)\r\n\r\n\(content)\r\n"
    }

    @Test("a valid file imports and says what it added; the page's rule and the CLI's words")
    func valid() async throws {
        let dashboard = try InProcessDashboard()
        try await dashboard.test { client in
            let reply = try await client.importCSV(Self.good)
            #expect(reply.status == .ok)
            #expect(reply.text.contains("Imported 1 Hear &amp; Compare answer and 0 Tune &amp; Match answers"), "\(reply.text)")
            #expect(try await client.get("/export.csv").text.contains("pitchDiscrimination,2026-03-05T14:03:07"))
            let again = try await client.importCSV(Self.good)
            #expect(again.text.contains("Skipped 1 already stored"), "\(again.text)")
        }
    }

    @Test("an iOS export with rhythm answers: the upload keeps them, /export.csv gives the file back, /history lists them")
    func rhythmAnswers() async throws {
        let dashboard = try InProcessDashboard()
        try await dashboard.test { client in
            let reply = try await client.importCSV(IOSExportFixture.format3)
            #expect(reply.status == .ok)
            #expect(reply.text.contains("Imported 7 rhythm answers too (4 Compare Timing, 3 Fill the Gap)"), "\(reply.text)")
            #expect(try await client.get("/export.csv").text == IOSExportFixture.format3)
            let history = try await client.get("/history").text
            #expect(history.contains("<td>Compare Timing</td><td>45 BPM</td><td>+33.3 ms</td><td>wrong</td>"), "\(history)")
            #expect(history.contains("<td>Fill the Gap</td><td>160 BPM</td><td>+0.0 ms</td><td></td>"), "\(history)")
            #expect(!(try await client.get("/history?mode=compare").text.contains("BPM")))
            let again = try await client.importCSV(IOSExportFixture.format3)
            #expect(again.text.contains("Skipped 12 already stored"), "\(again.text)")
        }
    }

    @Test("a malformed file changes nothing and shows the line-numbered problems")
    func malformedFile() async throws {
        let dashboard = try InProcessDashboard()
        try dashboard.fill(100)
        let before = try dashboard.exported()
        try await dashboard.test { client in
            let reply = try await client.importCSV(Self.malformed)
            #expect(reply.status == .badRequest)
            #expect(reply.text.contains("line 4: timestamp"), "\(reply.text)")
            #expect(reply.text.contains("line 5: referenceNote"), "\(reply.text)")
            // Replacing with a file without answers would only delete: refused.
            let nothing = try await client.importCSV(Self.header, replace: true)
            #expect(nothing.status == .badRequest && nothing.text.contains("replacing would only delete"), "\(nothing.text)")
        }
        #expect(try dashboard.exported() == before)
    }

    @Test("an upload beyond the limit (8 MB) is refused with 413 and the limit, before anything is parsed")
    func oversize() async throws {
        let dashboard = try InProcessDashboard()
        try await dashboard.test { client in
            let huge = Self.good + String(repeating: "#", count: 9 << 20)
            let reply = try await client.importCSV(huge)
            #expect(reply.status == .contentTooLarge)
            #expect(reply.text.contains("larger than 8 MB"), "\(reply.text)")
        }
        #expect(!FileManager.default.fileExists(atPath: dashboard.location.databaseURL.path))
    }

    @Test("without the CSRF value, with another, or sent from another site: 403, nothing imported")
    func forged() async throws {
        let dashboard = try InProcessDashboard()
        try await dashboard.test { client in
            #expect(try await client.importCSV(Self.good, csrf: nil).status == .forbidden)
            #expect(try await client.importCSV(Self.good, csrf: "0123").status == .forbidden)
            let foreign = try await client.importCSV(Self.good, headers: [.origin: "http://evil.example"])
            #expect(foreign.status == .forbidden && foreign.text.contains("only be sent from the dashboard itself"))
            #expect(try await client.importCSV(Self.good, headers: [.origin: "http://localhost"]).status == .ok)
        }
    }

    @Test("the form sent without a file says so; an empty file that was chosen goes to the CSV check")
    func noFile() async throws {
        let dashboard = try InProcessDashboard()
        try await dashboard.test { client in
            let none = try await client.importCSV("", fileName: "")
            #expect(none.status == .badRequest && none.text.contains("no file was chosen"), "\(none.text)")
            let empty = try await client.importCSV("", fileName: "empty.csv")
            #expect(empty.status == .badRequest && !empty.text.contains("no file was chosen"), "\(empty.text)")
            #expect(empty.text.contains("was not imported"), "\(empty.text)")
        }
    }

    @Test("parameters as RFC 7578 and RFC 5987 allow them: an unquoted name=file, a filename*=UTF-8''… file name")
    func parameterForms() async throws {
        let dashboard = try InProcessDashboard()
        let csrf = InProcessDashboard.csrf
        try await dashboard.test { client in
            let unquoted = Self.part("b1", "form-data; name=csrf", csrf)
                + Self.part("b1", "form-data; name=file; filename=answers.csv", Self.good) + "--b1--\r\n"
            let first = try await client.post(unquoted, type: "multipart/form-data; boundary=b1")
            #expect(first.status == .ok && first.text.contains("Imported 1 Hear &amp; Compare answer"), "\(first.text)")
            // An empty file named only by filename*: chosen, so the CSV check says why it is refused.
            let extended = Self.part("b2", "form-data; name=\"csrf\"", csrf)
                + Self.part("b2", "form-data; name=\"file\"; filename*=UTF-8''%C3%BCbungen.csv", "") + "--b2--\r\n"
            let second = try await client.post(extended, type: "multipart/form-data; boundary=\"b2\"")
            #expect(second.status == .badRequest && !second.text.contains("no file was chosen"), "\(second.text)")
            let named = Self.part("b3", "form-data; name=\"csrf\"", csrf)
                + Self.part("b3", "form-data; name=\"file\"; filename*=UTF-8''%C3%BCbungen.csv", Self.good) + "--b3--\r\n"
            let third = try await client.post(named, type: "multipart/form-data; boundary=b3")
            #expect(third.status == .ok && third.text.contains("Skipped 1 already stored"), "\(third.text)")
        }
    }

    @Test("not a form: no boundary, another type, a body cut short or broken: 403 as an expired form, nothing imported")
    func notAForm() async throws {
        let dashboard = try InProcessDashboard()
        let csrf = InProcessDashboard.csrf
        let whole = Self.part("b", "form-data; name=\"csrf\"", csrf)
            + Self.part("b", "form-data; name=\"file\"; filename=\"a.csv\"", Self.good) + "--b--\r\n"
        try await dashboard.test { client in
            let cases: [(String, String)] = [
                (whole, "multipart/form-data"),
                (whole, "multipart/form-data; boundary="),
                (whole, "multipart/form-data; boundary=other"),
                (whole, "text/csv"),
                (String(whole.dropLast(12)), "multipart/form-data; boundary=b"),
                (String(whole.dropLast(8)), "multipart/form-data; boundary=b"),
                (String(whole.prefix(whole.count / 2)), "multipart/form-data; boundary=b"),
                (whole.replacingOccurrences(of: "\r\n\r\n", with: "\r\n"), "multipart/form-data; boundary=b"),
            ]
            for (body, type) in cases {
                let reply = try await client.post(body, type: type)
                #expect(reply.status == .forbidden, "\(type): \(body.suffix(40))")
                #expect(reply.text.contains("The form has expired"), "\(reply.text)")
            }
            // The whole body, for contrast.
            #expect(try await client.post(whole, type: "multipart/form-data; boundary=b").status == .ok)
        }
    }
}
