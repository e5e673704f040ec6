import Foundation
import PeachDomain
import PeachStorage
import PeachText
import Testing

@Suite("Live status file")
struct LiveStatusFileTests {
    @Test("the status line, controller and audio device are written whole, replaced, and removed")
    func writeReplaceRemove() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("peach-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = LiveStatusFile(directory: directory)
        #expect(file.url.lastPathComponent == "live-status")
        try file.write(LiveStatusFile.text(status: "Hear & Compare – single notes │ listening", controller: "Keystation 49",
                                           audioDevice: "plughw:CARD=Headphones"))
        #expect(try String(contentsOf: file.url, encoding: .utf8)
                == "Hear & Compare – single notes │ listening\ncontroller: Keystation 49 │ audio: plughw:CARD=Headphones\n")
        try file.write(LiveStatusFile.text(status: "Tune & Match – single notes │ stopped", controller: nil, audioDevice: "default"))
        #expect(try String(contentsOf: file.url, encoding: .utf8).hasSuffix("controller: none │ audio: default\n"))
        file.remove()
        #expect(!FileManager.default.fileExists(atPath: file.url.path))
    }
}

/// Issue 12: the buffer stays visible in the live status (and so on the dashboard), including one
/// the output enlarged by itself.
@Suite("Live status: the audio buffer")
struct AudioBufferStatusTests {
    @Test("periods × frames and the buffer's length, after the device")
    func asConfigured() {
        let buffer = AudioBufferStatus(periodFrames: 128, periods: 2, sampleRate: 48_000)
        #expect(buffer.text(device: "default", texts: .english) == "default, 2 × 128 frames (5.3 ms)")
        #expect(buffer.text(device: "hw:Loopback,0,0", texts: Texts(.german)) == "hw:Loopback,0,0, 2 × 128 Frames (5,3 ms)")
        // Frames as the configuration writes them, not grouped like a count.
        let large = AudioBufferStatus(periodFrames: 4096, periods: 4, sampleRate: 48_000)
        #expect(large.text(device: "default", texts: .english) == "default, 4 × 4096 frames (341.3 ms)")
        #expect(large.text(device: "default", texts: Texts(.german)) == "default, 4 × 4096 Frames (341,3 ms)")
    }

    @Test("a buffer the output stepped up to says so")
    func enlarged() {
        let buffer = AudioBufferStatus(periodFrames: 256, periods: 3, enlarged: .afterUnderruns, sampleRate: 48_000)
        #expect(buffer.text(device: "default", texts: .english)
                == "default, 3 × 256 frames (16.0 ms, enlarged after repeated underruns)")
        #expect(buffer.text(device: "default", texts: Texts(.german)).hasSuffix("(16,0 ms, nach wiederholten Unterläufen vergrößert)"))
        let refused = AudioBufferStatus(periodFrames: 128, periods: 3, enlarged: .refusedByDevice, sampleRate: 48_000)
        #expect(refused.text(device: "default", texts: .english)
                == "default, 3 × 128 frames (8.0 ms, enlarged: the device refused a smaller one)")
        #expect(refused.text(device: "default", texts: Texts(.german)).hasSuffix("(8,0 ms, vergrößert: das Gerät verweigerte einen kleineren)"))
    }
}
