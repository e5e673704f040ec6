import Foundation
import PeachTestSupport
import Testing

/// `peach run` as the systemd unit starts it, through peach-hold-signals (built by the Makefile):
/// a stop or reload signal at the very moment the program starts, before `peach`'s own dynamic
/// loader has run, is a clean stop or a reload, never a death by signal.
private let signalHolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent(".build/peach-hold-signals")

@Suite("signals from the first instruction", .timeLimit(.minutes(2)),
       .enabled(if: FileManager.default.isExecutableFile(atPath: signalHolder.path)
                    && FileManager.default.isExecutableFile(atPath: BuiltProgram.peach.path)))
struct HeldSignalsTests {

    /// Starts the box (its devices missing: it waits for them), sends `signal` as soon as the
    /// process exists, and returns how it ended with what it said.
    private func start(thenSend signal: Int32) throws -> (ended: Process, output: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("peach-held-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let process = Process()
        process.executableURL = signalHolder
        process.arguments = [BuiltProgram.peach.path, "run", "--data-dir", directory.path,
                             "--audio-device", "hw:CARD=NoSuchCard,DEV=0"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        // Started: its first instruction has run (before it, the process is still inside the exec,
        // where no program's code runs and the kernel resets what a signal does).
        while !Self.holdsSignals(process.processIdentifier), process.isRunning {}
        kill(process.processIdentifier, signal)
        var output = ""
        if signal == SIGHUP {
            while !output.contains("configuration re-read") {
                let chunk = pipe.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                output += String(decoding: chunk, as: UTF8.self)
            }
            kill(process.processIdentifier, SIGTERM)
        }
        process.waitUntilExit()
        output += String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process, output)
    }

    /// Whether `pid` holds SIGHUP, SIGINT and SIGTERM (bits 1, 2 and 15 of SigBlk in /proc).
    static func holdsSignals(_ pid: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigBlk:") }),
              let mask = UInt64(line.dropFirst("SigBlk:".count).trimmingCharacters(in: .whitespaces), radix: 16) else { return false }
        return mask & 0x4003 == 0x4003
    }

    @Test("SIGTERM at the start: exit 0", arguments: 1...5)
    func stop(_ attempt: Int) throws {
        let (ended, output) = try start(thenSend: SIGTERM)
        #expect(ended.terminationReason == .exit && ended.terminationStatus == 0,
                "attempt \(attempt): \(ended.terminationReason == .uncaughtSignal ? "killed by signal" : "exit") \(ended.terminationStatus): \(output)")
    }

    @Test("SIGHUP at the start: the configuration is read again and the box goes on", arguments: 1...3)
    func reload(_ attempt: Int) throws {
        let (ended, output) = try start(thenSend: SIGHUP)
        #expect(output.contains("configuration re-read"), "attempt \(attempt): \(output)")
        #expect(ended.terminationReason == .exit && ended.terminationStatus == 0,
                "attempt \(attempt): ended by \(ended.terminationReason == .uncaughtSignal ? "signal" : "exit") \(ended.terminationStatus)")
    }
}
