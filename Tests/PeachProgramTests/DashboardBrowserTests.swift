import Foundation
import PeachTestSupport
import Testing

/// The dashboard in a real browser: headless Chromium (Debian's `chromium`, installed by
/// `make build-tests`) renders the profile and progress pages of a simulated history. The DOM the
/// browser built must hold the SVG curve, its band and the answer bars; the page must log nothing to
/// the console (a script error or a blocked resource would); screenshots go to .build/dashboard-screenshots.
@Suite("dashboard in a browser", .serialized)
struct DashboardBrowserTests {
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let ready = chromium != nil && HistoryCommandsTests.binaryAvailable
    /// `.build/dashboard-screenshots`: the `.build` above the test binaries.
    static let screenshots: URL = {
        var directory = BuiltProgram.peach.deletingLastPathComponent()
        while directory.lastPathComponent != ".build", directory.path != "/" { directory.deleteLastPathComponent() }
        return (directory.path == "/" ? FileManager.default.temporaryDirectory : directory).appendingPathComponent("dashboard-screenshots")
    }()

    /// Runs Chromium headless and returns standard output and the console lines of its log.
    static func browse(_ arguments: [String]) throws -> (output: String, console: [String]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(chromium))
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr", "--v=0", "--log-level=0",
                             "--hide-scrollbars", "--window-size=412,1600"] + arguments
        let output = Pipe(), log = Pipe()
        process.standardOutput = output
        process.standardError = log
        try process.run()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = log.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let console = String(decoding: stderr, as: UTF8.self).split(separator: "\n").filter { $0.contains(":CONSOLE") }
        return (String(decoding: stdout, as: UTF8.self), console.map(String.init))
    }

    @Test("profile and progress pages render their SVG charts without console messages",
          .enabled(if: ready, "chromium is not installed: `make build-tests` installs it"))
    func rendersCharts() throws {
        let workspace = try WebCommandTests.Workspace()
        try workspace.simulate()
        let web = try workspace.dashboard()
        try FileManager.default.createDirectory(at: Self.screenshots, withIntermediateDirectories: true)
        for (path, name) in [("/", "profile"), ("/progress", "progress"), ("/matching", "matching")] {
            let url = "http://127.0.0.1:\(web.port)\(path)"
            let dom = try Self.browse(["--dump-dom", url])
            #expect(dom.console.isEmpty, "\(path): \(dom.console)")
            let curve = try #require(WebCommandTests.attribute("points", of: "polyline class=\"curve\"", in: dom.output), "\(path)")
            let coordinates = curve.split(separator: " ").map { $0.split(separator: ",").compactMap { Double($0) } }
            #expect(coordinates.count >= 2 && coordinates.allSatisfy { $0.count == 2 }, "\(path)")
            #expect(Set(coordinates.map { $0[1] }).count > 1, "\(path): the curve is not flat")
            if path != "/matching" {
                #expect(!(WebCommandTests.attribute("points", of: "polygon class=\"band\"", in: dom.output) ?? "").isEmpty, "\(path)")
            }
            if path == "/" {
                #expect(curve.split(separator: " ").count == 49)
                // The fitted threshold falls from C2 (30 ct) to C6 (4 ct): the curve ends lower on the page's scale.
                #expect(coordinates[0][1] < coordinates[48][1])
                #expect(dom.output.components(separatedBy: "class=\"count\"").count - 1 >= 49)
            }
            // The live line was filled in by the event stream (the script ran, the connection was allowed).
            #expect(dom.output.contains("The box is not running."))
            let file = Self.screenshots.appendingPathComponent("\(name).png")
            try? FileManager.default.removeItem(at: file)
            let shot = try Self.browse(["--screenshot=\(file.path)", url])
            #expect(shot.console.isEmpty, "\(path): \(shot.console)")
            let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
            #expect(size > 10_000, "\(file.path)")
        }
    }
}
