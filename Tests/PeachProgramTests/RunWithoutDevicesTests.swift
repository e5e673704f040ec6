import Foundation
import PeachTestSupport
import Testing
@testable import PeachCommands

@Suite("peach run starts without its devices", .timeLimit(.minutes(1)))
struct RunWithoutDevicesTests {
    @Test("a missing audio output and sequencer are waited for, not fatal; SIGTERM then exits 0",
          .enabled(if: FileManager.default.isExecutableFile(atPath: BuiltProgram.peach.path)))
    func waits() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("peach-wait-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let process = Process()
        process.executableURL = BuiltProgram.peach
        process.arguments = ["run", "--data-dir", directory.path, "--audio-device", "hw:CARD=NoSuchCard,DEV=0"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        var output = ""
        while !output.contains("waiting for the audio output") {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            output += String(decoding: chunk, as: UTF8.self)
        }
        #expect(process.isRunning, "it keeps running: \(output)")
        #expect(output.contains("NoSuchCard"))
        #expect(!output.contains("--device") && !output.contains("--output"), "hints name options run has")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
    }
}
