import Foundation
import PeachDomain
import Testing
@testable import PeachSound

/// The audio thread touches `ALSAPCMOutput.stackPrefault` bytes of its stack before it plays, so
/// that a period never waits for a stack page. The render path, measured on a stack painted with a
/// pattern: how deep it goes with every voice slot sounding and a tuning move on each.
@Suite("sound engine: the render path's stack fits in what the audio thread prefaults")
@MainActor
struct RenderStackDepthTests {
    typealias Support = EngineTestSupport

    /// What the thread runs and what it found, passed through pthread's one pointer.
    final class Job: @unchecked Sendable {
        let renderer: NoteSlotRenderer
        let frames: Int
        init(renderer: NoteSlotRenderer, frames: Int) { (self.renderer, self.frames) = (renderer, frames) }
    }

    /// Bytes of `stackSize` that `job` wrote into, found as the lowest byte no longer the paint.
    static func stackUse(of job: Job, stackSize: Int = 1 << 20) -> Int {
        let paint: UInt8 = 0xA5
        let stack = UnsafeMutableRawPointer.allocate(byteCount: stackSize, alignment: 16384)
        defer { stack.deallocate() }
        stack.initializeMemory(as: UInt8.self, repeating: paint, count: stackSize)
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstack(&attributes, stack, stackSize)
        var thread = pthread_t()
        let argument = Unmanaged.passRetained(job).toOpaque()
        let created = pthread_create(&thread, &attributes, { argument in
            guard let argument else { return nil }
            let job = Unmanaged<Job>.fromOpaque(argument).takeRetainedValue()
            let output = UnsafeMutablePointer<Float>.allocate(capacity: job.frames)
            defer { output.deallocate() }
            for _ in 0..<20 { job.renderer.render(into: output, frames: job.frames) }
            return nil
        }, argument)
        guard created == 0 else { return -1 }
        pthread_join(thread, nil)
        var untouched = 0
        while untouched < stackSize, stack.load(fromByteOffset: untouched, as: UInt8.self) == paint { untouched += 1 }
        return stackSize - untouched
    }

    @Test("four notes sounding, each moved: the render path uses well under the prefaulted stack")
    func depth() throws {
        let (engine, _) = try Support.engine()
        var notes: [any PlaybackHandle] = []
        for key in [60, 64, 67, 72] {
            notes.append(try engine.play(frequency: Support.frequency(key, cents: 7), velocity: .standard, amplitude: .nominal))
        }
        for (note, key) in zip(notes, [60, 64, 67, 72]) { try note.adjustFrequency(Support.frequency(key, cents: -11)) }
        let used = Self.stackUse(of: Job(renderer: engine.renderer, frames: 1024))
        // The thread's own start (glibc's descriptor and this program's TLS lie at the top of the
        // given stack) is counted too: an upper bound.
        #expect(used > 0)
        // A quarter at most: the rest is room for ALSA's write and recovery and the runtime's yields.
        #expect(used * 4 <= ALSAPCMOutput.stackPrefault, "render used \(used) bytes of stack; prefault \(ALSAPCMOutput.stackPrefault)")
    }
}
