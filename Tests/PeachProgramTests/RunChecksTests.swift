import Foundation
import PeachTestSupport
import Testing
@testable import PeachBoxRuntime

/// `peach config --check` refuses what `peach run` would refuse before training.
@Suite("config --check runs the checks of peach run")
struct RunChecksTests {
    private func check(_ yaml: String, extra: (URL) throws -> Void = { _ in }) throws -> (status: Int32, output: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("peach-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try extra(directory)
        let file = directory.appendingPathComponent("config.yaml")
        try Data(yaml.replacingOccurrences(of: "DIR", with: directory.path).utf8).write(to: file)
        return try BuiltProgram.run(["config", "--check", "--config", file.path])
    }

    @Test("a SoundFont that is not one", .enabled(if: HistoryCommandsTests.binaryAvailable))
    func garbageSoundFont() throws {
        let result = try check("sound:\n  soundfont: DIR/garbage.sf2\n") { directory in
            try Data((0..<2000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: directory.appendingPathComponent("garbage.sf2"))
        }
        #expect(result.status == 1)
        #expect(result.output.contains("config.yaml:2: sound:"))
        #expect(result.output.contains("not a SoundFont"))
    }

    @Test("a preset the SoundFont does not have", .enabled(if: HistoryCommandsTests.binaryAvailable))
    func missingPreset() throws {
        let result = try check("sound:\n  preset: \"5:77\"\n")
        #expect(result.status == 1)
        #expect(result.output.contains("has no preset 5:77"))
    }

    @Test("a device name that is not one", .enabled(if: HistoryCommandsTests.binaryAvailable))
    func deviceName() throws {
        let result = try check("audio:\n  device: \"hw 1\"\n")
        #expect(result.status == 1)
        #expect(result.output.contains("audio.device: \"hw 1\" is not an ALSA device name"))
    }

    @Test("ALSA device names", arguments: [("default", true), ("hw:1,0", true), ("plughw:CARD=Loopback,DEV=0", true),
                                           ("null", true), ("hw 1", false), ("hw:", false), (":1", false),
                                           ("hw:1,", false), ("", false), ("hw:1\t", false)])
    func deviceNames(name: String, wellFormed: Bool) {
        #expect(RunChecks.isWellFormedDevice(name) == wellFormed)
    }
}
