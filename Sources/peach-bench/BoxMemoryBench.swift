import Foundation
import PeachStorage

/// The memory budget for `peach run` on a Pi: its peak RSS (VmHWM) while it trains with 1,000,000
/// stored answers, against 64 MB. The `peach` beside this program (`make bench`: the release build)
/// runs under `script` (a terminal, so the computer keyboard is its controller and training starts
/// at once) with ALSA's `null` output; the peak is read once the first exercise's notes have been
/// played, that is after the start's fit over every answer. `peach web`'s is in the dashboard part.
@MainActor
func boxMemoryFigures(answers: Int = 1_000_000, budgetMB: Double = 64) {
    print("== memory budget of peach run (\(benchBuild) build, \(answers) stored answers, ALSA null output)")
    let peach = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("peach")
    guard FileManager.default.isExecutableFile(atPath: peach.path),
          FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
        print("peach run memory: skipped (needs the release peach beside this program and /usr/bin/script)")
        return
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("peach-bench-box-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let process = Process()
    do {
        let store = try HistoryStore.open(DataLocation(directory: directory))
        let (compareAnswers, matchAnswers) = syntheticRecords(answers)
        _ = try store?.importRecords(compareAnswers: compareAnswers, matchAnswers: matchAnswers, mode: .replace)
        try store?.close()
        let config = directory.appendingPathComponent("config.yaml")
        try Data("{}\n".utf8).write(to: config)
        let command = [peach.path, "run", "--keyboard", "--data-dir", directory.path, "--config", config.path,
                       "--audio-device", "null", "--log-level", "info"].map { "'\($0)'" }.joined(separator: " ")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qfc", command, "/dev/null"]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = Pipe()
        try process.run()
        // The second note of the first exercise: the profile is fitted and both notes have sounded.
        var said = ""
        let deadline = ContinuousClock.now + .seconds(300)
        while !said.contains("second note"), ContinuousClock.now < deadline {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            said += String(decoding: chunk, as: UTF8.self)
        }
        guard said.contains("second note"), let box = childProcess(of: process.processIdentifier) else {
            print("peach run memory: training did not start: \(said.suffix(400))")
            process.terminate()
            return
        }
        Thread.sleep(forTimeInterval: 2)
        let peak = Double(peakRSSKilobytes(of: box) ?? 0) / 1024
        kill(box, SIGTERM)
        process.waitUntilExit()
        print("peak RSS of peach run, training".padding(toLength: 56, withPad: " ", startingAt: 0)
              + String(format: "%10.1f MB   (budget %.0f MB: %@)", peak, budgetMB, peak <= budgetMB ? "met" : "NOT MET"))
    } catch {
        print("peach run memory: \(error)")
        if process.isRunning { process.terminate() }
    }
}

/// The first child of `pid` (the program `script` runs), from /proc.
private func childProcess(of pid: Int32) -> Int32? {
    guard let children = try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8) else { return nil }
    return children.split(separator: " ").first.flatMap { Int32($0) }
}
