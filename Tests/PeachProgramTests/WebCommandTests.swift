import Foundation
import PeachTestSupport
import Testing

/// `peach web` through real HTTP on loopback, against histories made by the real binary.
@Suite("web dashboard", .serialized)
struct WebCommandTests {
    static let binaryAvailable = HistoryCommandsTests.binaryAvailable
    static let pages = ["/", "/progress", "/matching", "/history", "/data"]

    final class Workspace {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("peach-web-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: directory) }
        var data: String { directory.appendingPathComponent("data").path }
        /// A configuration file (an empty one means every default), so no user file is read.
        var config: String {
            let file = directory.appendingPathComponent("config.yaml")
            if !FileManager.default.fileExists(atPath: file.path) { try? Data("{}\n".utf8).write(to: file) }
            return file.path
        }

        func dashboard(_ extra: [String] = ["--listen", "127.0.0.1:0"], launcher: [String] = [],
                       program: URL = BuiltProgram.peach) throws -> DashboardProcess {
            try DashboardProcess(extra + ["--data-dir", data, "--config", config], launcher: launcher, program: program)
        }

        /// Answers in every mode from simulated listeners, dated so that no run sits on the timeline's
        /// 1-, 7- or 30-day edges (the CLI and the server read the clock a moment apart).
        func simulate() throws {
            let listener = directory.appendingPathComponent("listener.yaml")
            try Data("thresholds: {C2: 30, C6: 4}\ninterval-factor: 1.5\nmatching: {bias: 3, spread: 6}\n".utf8).write(to: listener)
            for (mode, trials) in [("compare", "800"), ("compare-intervals", "300"), ("match", "200")] {
                let result = try BuiltProgram.run(["simulate", "--listener", listener.path, "--mode", mode, "--trials", trials,
                                                        "--seed", "4", "--days", "44", "--data-dir", data, "--config", config])
                #expect(result.status == 0, "\(result.output)")
            }
        }

        func cli(_ arguments: [String]) throws -> [UInt8] {
            try DashboardProcess.standardOutput(arguments + ["--data-dir", data])
        }
    }

    @Test("an empty history: every page answers 200 and says there are no answers; API and CSV equal the CLI's",
          .enabled(if: binaryAvailable))
    func emptyHistory() throws {
        let workspace = try Workspace()
        // An empty history is a data directory without answers (a missing one is an error for the CLI).
        try FileManager.default.createDirectory(atPath: workspace.data, withIntermediateDirectories: true)
        let web = try workspace.dashboard()
        #expect(web.banner.contains("Peach dashboard on http://127.0.0.1:"))
        for path in Self.pages {
            let reply = try web.get(path)
            #expect(reply.status == 200, "\(path)")
            #expect(reply.header("Content-Type")?.hasPrefix("text/html") == true, "\(path)")
            #expect(reply.text.contains("<nav>"), "\(path)")
            #expect(reply.header("Content-Security-Policy")?.contains("default-src 'none'") == true)
        }
        #expect(try web.get("/").text.contains("No answers yet"))
        #expect(try web.get("/history").text.contains("No answers."))
        #expect(try web.get("/data").text.contains("# default"))
        #expect(try web.get("/api/profile").body == (try workspace.cli(["profile", "--json", "--config", workspace.config])))
        #expect(try web.get("/export.csv").body == (try workspace.cli(["export"])))
        // Reading an empty history creates nothing.
        #expect(!FileManager.default.fileExists(atPath: workspace.data + "/peach.sqlite"))
    }

    @Test("a filled history: the curve, its band and the counts are drawn; progress and matching tables; identical API and CSV",
          .enabled(if: binaryAvailable))
    func filledHistory() throws {
        let workspace = try Workspace()
        try workspace.simulate()
        let web = try workspace.dashboard()
        let profile = try web.get("/")
        #expect(profile.status == 200)
        #expect(profile.text.contains("Hear &amp; Compare – single notes: 75 % correct at") || profile.text.contains("75 % correct at"))
        let points = try #require(Self.attribute("points", of: "polyline class=\"curve\"", in: profile.text))
        #expect(points.split(separator: " ").count == 49, "one point per note C2–C6")
        let band = try #require(Self.attribute("points", of: "polygon class=\"band\"", in: profile.text))
        #expect(band.split(separator: " ").count == 98)
        #expect(profile.text.components(separatedBy: "<rect class=\"count\"").count - 1 >= 49)
        let progress = try web.get("/progress")
        #expect(progress.status == 200)
        #expect(progress.text.contains("(day)") || progress.text.contains("(week)") || progress.text.contains("(month)"))
        #expect(try #require(Self.attribute("points", of: "polyline class=\"curve\"", in: progress.text)).contains(","))
        let matching = try web.get("/matching")
        #expect(matching.text.contains("<h3>Bias</h3>") && matching.text.contains("<h3>Spread</h3>"))
        let history = try web.get("/history?mode=match")
        #expect(history.text.contains("class=\"answer\""))
        #expect(!history.text.contains("Hear &amp; Compare – single notes</td>"))
        #expect(try web.get("/history?mode=compare").text.contains("Hear &amp; Compare – single notes</td>"))
        #expect(try web.get("/api/profile").body == (try workspace.cli(["profile", "--json", "--config", workspace.config])))
        #expect(try web.get("/export.csv").body == (try workspace.cli(["export"])))
    }

    static func attribute(_ name: String, of element: String, in html: String) -> String? {
        guard let start = html.range(of: "<" + element) else { return nil }
        let rest = html[start.upperBound...]
        guard let value = rest.range(of: name + "=\"") else { return nil }
        let tail = rest[value.upperBound...]
        return tail.firstIndex(of: "\"").map { String(tail[..<$0]) }
    }

    static let malformed = """
        # peach-export-format:3
        trainingType,timestamp,referenceNote,referenceNoteName,targetNote,targetNoteName,interval,tuningSystem,centOffset,isCorrect,initialCentOffset,userCentError,tempoBPM,offsetMs,meanOffsetMs,meanOffsetMsPosition0,meanOffsetMsPosition1,meanOffsetMsPosition2,meanOffsetMsPosition3
        pitchDiscrimination,2026-03-05T14:03:07Z,60,C4,67,G4,P5,justIntonation,-12.5,false,,,,,,,,,
        pitchDiscrimination,yesterday,60,C4,67,G4,P5,justIntonation,-12.5,false,,,,,,,,,
        pitchMatching,2026-03-05T14:05:10Z,300,A3,57,A3,P1,equalTemperament,,,33.25,-4.0,,,,,,,
        """

    @Test("importing a malformed CSV through the page changes nothing and shows the CLI's line-numbered errors",
          .enabled(if: binaryAvailable))
    func malformedImport() throws {
        let workspace = try Workspace()
        try workspace.simulate()
        let before = try workspace.cli(["export"])
        let file = workspace.directory.appendingPathComponent("bad.csv")
        try Data(Self.malformed.utf8).write(to: file)
        let cli = try BuiltProgram.run(["import", file.path, "--data-dir", workspace.data])
        #expect(cli.status != 0)
        let web = try workspace.dashboard()
        let reply = try web.importCSV(Array(Self.malformed.utf8), csrf: try web.csrf())
        #expect(reply.status == 400)
        let problems = cli.output.split(separator: "\n").filter { $0.contains("line ") }
        #expect(problems.count >= 2)
        for problem in problems {
            let escaped = problem.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
                .replacingOccurrences(of: "'", with: "&#39;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            #expect(reply.text.contains(escaped) || reply.text.contains(String(problem)), "\(problem)")
        }
        #expect(try workspace.cli(["export"]) == before)
        // A good file imports, the same as the CLI would.
        let good = try web.importCSV(Array(Self.malformed.split(separator: "\n").prefix(3).joined(separator: "\n").utf8),
                                     csrf: try web.csrf())
        #expect(good.status == 200)
        #expect(good.text.contains("Imported 1 Hear &amp; Compare answer and 0 Tune &amp; Match answers"))
        #expect(try workspace.cli(["export"]) != before)
    }

    @Test("the form sent without a file says so; bytes that are not UTF-8 text are refused at their line, by the form and the CLI alike",
          .enabled(if: binaryAvailable))
    func uploadNotText() throws {
        let workspace = try Workspace()
        let web = try workspace.dashboard()
        let none = try web.importCSV([], csrf: try web.csrf(), fileName: "")
        #expect(none.status == 400)
        #expect(none.text.contains("no file was chosen"), "\(none.text)")
        // A valid row, then one whose empty last column holds a byte that is not UTF-8.
        let rows = Self.malformed.split(separator: "\n").prefix(3).map { Array($0.utf8) }
        let bytes = (rows + [rows[2] + [0xFF]]).joined(separator: [UInt8(ascii: "\n")]) + [UInt8(ascii: "\n")]
        let file = workspace.directory.appendingPathComponent("latin1.csv")
        try Data(bytes).write(to: file)
        let cli = try BuiltProgram.run(["import", file.path, "--data-dir", workspace.data])
        #expect(cli.status == 1)
        #expect(cli.output.contains("line 4: the line is not UTF-8 text"), "\(cli.output)")
        let form = try web.importCSV(Array(bytes), csrf: try web.csrf())
        #expect(form.status == 400)
        #expect(form.text.contains("line 4: the line is not UTF-8 text"), "\(form.text)")
    }

    @Test("a form without the CSRF value, an oversized upload, a GET to /import and path traversal change and show nothing",
          .enabled(if: binaryAvailable))
    func refusals() throws {
        let workspace = try Workspace()
        try workspace.simulate()
        let before = try workspace.cli(["export"])
        let web = try workspace.dashboard()
        let good = Array(Self.malformed.split(separator: "\n").prefix(3).joined(separator: "\n").utf8)
        #expect(try web.importCSV(good, csrf: nil).status == 403)
        #expect(try web.importCSV(good, csrf: "0123").status == 403)
        let huge = good + [UInt8](repeating: UInt8(ascii: "#"), count: 9 << 20)
        #expect(try web.importCSV(huge, csrf: try web.csrf()).status == 413)
        #expect(try web.get("/import").status != 200)
        for path in ["/../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/data/../../etc/passwd", "//etc/passwd",
                     "/export.csv/../../peach.sqlite", "/peach.sqlite", "/web-token"] {
            let reply = try web.get(path)
            #expect(reply.status == 404 || reply.status == 400, "\(path): \(reply.status)")
            #expect(!reply.text.contains("root:x:0"), "\(path)")
            #expect(!reply.text.contains("SQLite format"), "\(path)")
        }
        #expect(try workspace.cli(["export"]) == before)
        // A loopback dashboard answers only to loopback names (no DNS rebinding to 127.0.0.1).
        #expect(try web.get("/api/profile", headers: ["Host": "evil.example:\(web.port)"]).status == 403)
        #expect(try web.get("/api/profile", headers: ["Host": "localhost:\(web.port)"]).status == 200)
    }

    @Test("a download the client leaves midway ends only that download: the server goes on and the next export is whole",
          .enabled(if: binaryAvailable))
    func abandonedDownload() throws {
        let workspace = try Workspace()
        // About 2 MB of CSV: far more than the pieces read ahead (4 × 64 KB) and the loopback
        // socket's buffers hold while the client reads nothing more.
        let listener = workspace.directory.appendingPathComponent("listener.yaml")
        try Data("thresholds: {C4: 10}\n".utf8).write(to: listener)
        let made = try BuiltProgram.run(["simulate", "--listener", listener.path, "--trials", "20000", "--seed", "5",
                                              "--days", "20", "--data-dir", workspace.data, "--config", workspace.config])
        #expect(made.status == 0, "\(made.output)")
        let web = try workspace.dashboard()
        for _ in 0..<3 {
            #expect(try web.client.abandon("/export.csv", after: 100_000) >= 100_000)
        }
        let whole = try web.get("/export.csv")
        #expect(whole.status == 200)
        #expect(whole.body == (try workspace.cli(["export"])))
        #expect(try web.get("/").status == 200)
        #expect(web.process.isRunning)
    }

    @Test("a LAN listener answers 401 to everything without the token; the token URL sets a cookie that lets in",
          .enabled(if: binaryAvailable))
    func token() throws {
        let workspace = try Workspace()
        let web = try workspace.dashboard(["--listen", "0.0.0.0:0"])
        #expect(web.banner.contains("access token required"))
        for path in Self.pages + ["/api/profile", "/export.csv", "/events", "/nothing", "/../etc/passwd"] {
            #expect(try web.get(path).status == 401, "\(path)")
        }
        #expect(try web.importCSV([], csrf: nil).status == 401)
        let tokenFile = workspace.directory.appendingPathComponent("data/web-token")
        let mode = try FileManager.default.attributesOfItem(atPath: tokenFile.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let printed = String(decoding: try workspace.cli(["web", "--token", "--listen", "0.0.0.0:8080", "--config", workspace.config]),
                             as: UTF8.self)
        let token = try #require(printed.split(separator: "=").last).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(token.count == 48)
        #expect(try web.get("/?token=wrong").status == 401)
        let entry = try web.get("/progress?token=\(token)")
        #expect(entry.status == 303)
        #expect(entry.header("Location") == "/progress")
        let cookie = try #require(entry.header("Set-Cookie"))
        #expect(cookie.contains("peach_token=\(token)") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
        #expect(try web.get("/progress", headers: ["Cookie": "peach_token=\(token)"]).status == 200)
        #expect(try web.get("/api/profile", headers: ["Authorization": "Bearer \(token)"]).status == 200)
        #expect(try web.get("/api/profile", headers: ["Authorization": "bearer \(token)"]).status == 200)  // schemes are case-insensitive
        #expect(try web.get("/api/profile", headers: ["Authorization": "Basic \(token)"]).status == 401)
        // The rest of the query stays: a link to a filtered page keeps its filter.
        let filtered = try web.get("/history?mode=match&token=\(token)&page=2")
        #expect(filtered.status == 303)
        #expect(filtered.header("Location") == "/history?mode=match&page=2")
        // Rotating makes the old token worthless for a server started afterwards.
        let rotated = String(decoding: try workspace.cli(["web", "--rotate-token", "--config", workspace.config]), as: UTF8.self)
        #expect(!rotated.contains(token))
    }

    @Test("the live line comes from the box's status file as a server-sent event", .enabled(if: binaryAvailable))
    func liveStatus() throws {
        let workspace = try Workspace()
        let web = try workspace.dashboard()
        let idle = try web.client.request("GET", "/events", stopAfter: "\n\n")
        #expect(idle.header("Content-Type") == "text/event-stream")
        #expect(idle.text.contains("data: The box is not running."))
        try FileManager.default.createDirectory(atPath: workspace.data, withIntermediateDirectories: true)
        try Data("Tune & Match – single notes │ tuning\ncontroller: Keystation │ audio: hw:1,0\n".utf8)
            .write(to: URL(fileURLWithPath: workspace.data + "/live-status"))
        let running = try web.client.request("GET", "/events", stopAfter: "audio: hw:1,0")
        #expect(running.text.contains("data: Tune & Match – single notes │ tuning\ndata: controller: Keystation │ audio: hw:1,0"))
    }
}

extension WebCommandTests {
    /// A socket of the test's own listening on loopback, on a port the system chose; closed at the end.
    static func occupiedPort() throws -> (descriptor: Int32, port: Int) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(descriptor >= 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && listen(descriptor, 1) == 0
                    && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        try #require(bound)
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    @Test("an address in use or a host that does not exist is said in words, in the language, with exit 1",
          .enabled(if: binaryAvailable))
    func cannotListen() throws {
        let workspace = try Workspace()
        let (descriptor, port) = try Self.occupiedPort()
        defer { close(descriptor) }
        let taken = try BuiltProgram.run(["web", "--listen", "127.0.0.1:\(port)", "--data-dir", workspace.data,
                                               "--config", workspace.config])
        #expect(taken.status == 1)
        #expect(taken.output.contains("Error: cannot listen on 127.0.0.1:\(port): Address already in use; choose another address"),
                "\(taken.output)")
        let german = try LanguageCommandLineTests.run(["web", "--listen", "127.0.0.1:\(port)", "--data-dir", workspace.data,
                                                       "--config", workspace.config],
                                                      LanguageCommandLineTests.Workspace(), LanguageCommandLineTests.german)
        #expect(german.output.contains("Fehler: kann nicht auf 127.0.0.1:\(port) lauschen: Adresse wird schon verwendet"),
                "\(german.output)")
        let unknown = try BuiltProgram.run(["web", "--listen", "nosuch.invalid:8080", "--data-dir", workspace.data,
                                                 "--config", workspace.config])
        #expect(unknown.status == 1)
        #expect(unknown.output.contains("cannot listen on nosuch.invalid:8080: no host is called nosuch.invalid"), "\(unknown.output)")
    }
}
