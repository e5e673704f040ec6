import Foundation
import PeachStorage
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
