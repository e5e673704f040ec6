import Foundation
import PeachDomain
import PeachStorage
import PeachTestSupport
import Synchronization

/// `make bench`, dashboard part: `peach web` (the release build beside this program) on a history
/// of 1,000,000 answers, loaded by concurrent clients over loopback: requests per second and the
/// 99th-percentile latency for `/` and `/api/profile`, the first page after start (the fit), and the
/// server's peak RSS (VmHWM).
@MainActor
func webFigures(clients: Int = 4, seconds: Double = 5) {
    print("== dashboard (peach web, \(benchBuild) build, \(clients) concurrent clients over loopback, \(Int(seconds)) s per page)")
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("peach-bench-web-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let peach = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("peach")
    guard FileManager.default.isExecutableFile(atPath: peach.path) else {
        print("dashboard figures: skipped (build peach first: swift build -c release --product peach)")
        return
    }
    let process = Process()
    do {
        let store = try HistoryStore.open(DataLocation(directory: directory))
        let (compareAnswers, matchAnswers) = syntheticRecords(1_000_000)
        _ = try store?.importRecords(compareAnswers: compareAnswers, matchAnswers: matchAnswers, mode: .replace)
        try store?.close()
        let config = directory.appendingPathComponent("config.yaml")
        try Data("{}\n".utf8).write(to: config)
        process.executableURL = peach
        process.arguments = ["web", "--listen", "127.0.0.1:0", "--data-dir", directory.path, "--config", config.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var banner = Data()
        while !banner.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            banner += chunk
        }
        guard let portText = String(decoding: banner, as: UTF8.self).split(separator: ":").last?.split(separator: "/").first,
              let port = Int(portText) else {
            print("dashboard figures: peach web did not start: \(String(decoding: banner, as: UTF8.self))")
            process.terminate()
            return
        }
        let client = LoopbackHTTPClient(port: port)
        let clock = ContinuousClock()
        let first = try clock.measure { _ = try client.request("GET", "/") }
        print("first page after start (fits 1,000,000 answers)".padding(toLength: 56, withPad: " ", startingAt: 0)
              + String(format: "%10.1f ms", first.seconds * 1000))
        for path in ["/", "/api/profile"] {
            let (rate, p99, failures) = load(client, path: path, clients: clients, seconds: seconds)
            print("GET \(path), 1,000,000 stored answers".padding(toLength: 56, withPad: " ", startingAt: 0)
                  + String(format: "%10.0f requests/s   p99 %.1f ms", rate, p99 * 1000) + (failures > 0 ? "   (\(failures) failed)" : ""))
        }
        print("peak RSS of peach web after the fit and the load".padding(toLength: 56, withPad: " ", startingAt: 0)
              + String(format: "%10.1f MB   (budget 64 MB)", Double(peakRSSKilobytes(of: process.processIdentifier) ?? 0) / 1024))
        // A new answer, as peach run would store it: the page is made again from the kept digest of
        // the answers older than a month and what is newer (here only that answer).
        let writer = try HistoryStore.open(DataLocation(directory: directory))
        try writer?.save(CompareAnswer(referenceNote: MIDINote(60), targetNote: MIDINote(60), centOffset: Cents(12),
                                       isCorrect: true, tuningSystem: .equalTemperament, timestamp: Date())!)
        try writer?.close()
        let again = try clock.measure { _ = try client.request("GET", "/") }
        print("page after one new answer (last month read again)".padding(toLength: 56, withPad: " ", startingAt: 0)
              + String(format: "%10.1f ms", again.seconds * 1000))
        print("peak RSS of peach web after that page".padding(toLength: 56, withPad: " ", startingAt: 0)
              + String(format: "%10.1f MB", Double(peakRSSKilobytes(of: process.processIdentifier) ?? 0) / 1024))
        var size = 0
        let download = try clock.measure { size = try client.request("GET", "/export.csv").body.count }
        print("GET /export.csv (streamed, \(size / 1_000_000) MB)".padding(toLength: 56, withPad: " ", startingAt: 0)
              + String(format: "%10.1f s", download.seconds))
        print("peak RSS of peach web after the export too".padding(toLength: 56, withPad: " ", startingAt: 0)
              + String(format: "%10.1f MB   (budget 64 MB)", Double(peakRSSKilobytes(of: process.processIdentifier) ?? 0) / 1024))
        // Where it is: the process's own memory (heap, stacks, SQLite's cache) against the pages of
        // the program and its libraries mapped from files (shared with peach run, reclaimable).
        let (anonymous, file) = residentParts(process.processIdentifier)
        print("  of which private (heap, stacks) / mapped from files".padding(toLength: 56, withPad: " ", startingAt: 0)
              + String(format: "%10.1f MB / %.1f MB", Double(anonymous) / 1024, Double(file) / 1024))
    } catch {
        print("dashboard figures failed: \(error)")
    }
    if process.isRunning {
        process.terminate()
        process.waitUntilExit()
    }
    idleFigure(peach, directory: directory.appendingPathComponent("empty"))
}

/// The same server on an empty history after one page: what the program itself costs.
private func idleFigure(_ peach: URL, directory: URL) {
    let process = Process()
    do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let config = directory.appendingPathComponent("config.yaml")
        try Data("{}\n".utf8).write(to: config)
        process.executableURL = peach
        process.arguments = ["web", "--listen", "127.0.0.1:0", "--data-dir", directory.path, "--config", config.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let banner = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        if let port = banner.split(separator: ":").last?.split(separator: "/").first.flatMap({ Int($0) }) {
            _ = try LoopbackHTTPClient(port: port).request("GET", "/")
            print("peak RSS of peach web on an empty history (one page)".padding(toLength: 56, withPad: " ", startingAt: 0)
                  + String(format: "%10.1f MB", Double(peakRSSKilobytes(of: process.processIdentifier) ?? 0) / 1024))
        }
    } catch {
        print("idle dashboard figure failed: \(error)")
    }
    if process.isRunning {
        process.terminate()
        process.waitUntilExit()
    }
}

/// `peach-bench --web-load PORT SECONDS`, for the guest's web bench: loads a running `peach web` on
/// loopback with 4 clients, a quarter of the time each on `/`, `/api/profile`, `/progress` and
/// `/export.csv`, and prints a FIGURE line for each.
func webLoadFigures(_ arguments: [String]) {
    guard arguments.count == 2, let port = Int(arguments[0]), let seconds = Double(arguments[1]) else {
        print("FAIL: usage: peach-bench --web-load PORT SECONDS")
        exit(2)
    }
    let client = LoopbackHTTPClient(port: port)
    var failed = 0
    for path in ["/", "/api/profile", "/progress", "/export.csv"] {
        let (rate, p99, failures) = load(client, path: path, clients: 4, seconds: seconds / 4)
        failed += failures
        print("FIGURE: GET \(path) under load in the guest: " + String(format: "%.1f requests/s, p99 %.0f ms", rate, p99 * 1000)
              + (failures > 0 ? ", \(failures) failed" : ""))
    }
    exit(failed > 0 ? 1 : 0)
}

/// `clients` threads request `path` back to back for `seconds`; the rate and the 99th percentile.
private func load(_ client: LoopbackHTTPClient, path: String, clients: Int, seconds: Double) -> (Double, Double, Int) {
    let results = Mutex<(latencies: [Double], failures: Int)>(([], 0))
    let clock = ContinuousClock()
    let start = clock.now
    DispatchQueue.concurrentPerform(iterations: clients) { _ in
        var latencies: [Double] = []
        var failures = 0
        while (clock.now - start).seconds < seconds {
            let begun = clock.now
            let reply = try? client.request("GET", path)
            if reply?.status == 200 { latencies.append((clock.now - begun).seconds) } else { failures += 1 }
        }
        results.withLock { $0.latencies += latencies; $0.failures += failures }
    }
    let elapsed = (clock.now - start).seconds
    let (latencies, failures) = results.withLock { ($0.latencies.sorted(), $0.failures) }
    let p99 = latencies.isEmpty ? 0 : latencies[min(latencies.count - 1, Int(Double(latencies.count) * 0.99))]
    return (Double(latencies.count) / elapsed, p99, failures)
}

/// RssAnon and RssFile (kB) of `pid` now.
private func residentParts(_ pid: Int32) -> (Int, Int) {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return (0, 0) }
    func value(_ name: String) -> Int {
        let line = status.split(separator: "\n").first { $0.hasPrefix(name) }
        return line.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
    }
    return (value("RssAnon:"), value("RssFile:"))
}
