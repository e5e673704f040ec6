import Foundation
import PeachDomain
import PeachPractice
import Testing

@Suite("Remembered mode")
@MainActor
struct ModeMemoryTests {
    private func temporaryFile() -> URL {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("peach-mode-\(UUID().uuidString)", isDirectory: true)
            .appendingPathComponent("last-mode")
    }

    @Test("the last mode survives a restart")
    func survivesRestart() {
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        #expect(FileModeMemory(file: file).lastMode == nil)
        FileModeMemory(file: file).remember(.compareIntervals)
        #expect(FileModeMemory(file: file).lastMode == .compareIntervals)
    }

    @Test("a file with something else in it means no remembered mode")
    func garbage() throws {
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data([0xFF, 0x00, 0x41]).write(to: file)
        #expect(FileModeMemory(file: file).lastMode == nil)
    }

    @Test("a location that cannot be written is reported, and the mode is still used in this run")
    func unwritable() {
        let memory = FileModeMemory(file: URL(fileURLWithPath: "/proc/peach-cannot-write/last-mode"))
        memory.remember(.match)
        #expect(memory.lastMode == .match)
        #expect(memory.lastWriteError != nil)
    }
}
