import Foundation
import Testing
import PeachDomain
@testable import PeachSound

/// Rhythm clicks start at their own output frame, whatever render call or chunk holds it.
@Suite("Clicks placed to the frame")
@MainActor
struct ClickPlacementTests {
    /// The first frame of the output at or after `from` that is not silent.
    func onset(_ samples: ArraySlice<Float>, from: Int) -> Int? {
        samples[(samples.startIndex + from)...].firstIndex { abs($0) > 1e-7 }
    }

    @Test("clicks scheduled ahead sound from their frame, across render blocks, accented louder; cancelled ones never")
    func placedToTheFrame() throws {
        let (engine, sink) = try EngineTestSupport.engine()
        let clicks = EngineClickPlayer(engine: engine)
        // Frames chosen inside, at the edge of, and across the sink's 256-frame blocks and the renderer's chunks.
        let frames = [1_000, 4_096, 7_777, 12_345]
        try clicks.schedule(frames.enumerated().map { Click(time: Double($1) / 48_000, isAccented: $0 == 0) })
        sink.render(frames: 16_000)
        for frame in frames {
            #expect(sink.samples[frame - 200..<frame].allSatisfy { $0 == 0 }, "sound before the click at \(frame)")
            // The click's first sample is its zero crossing; its second is not silent.
            #expect(abs(sink.samples[frame + 1]) > 1e-4, "no click at \(frame)")
        }
        let accented = sink.samples[1_000..<1_000 + 1_920].map(abs).max() ?? 0
        let plain = sink.samples[4_096..<4_096 + 1_920].map(abs).max() ?? 0
        #expect(accented > plain * 1.2)
        try clicks.schedule([Click(time: 20_000 / 48_000, isAccented: false)])
        try clicks.cancelClicks()
        #expect(sink.render(frames: 8_000).allSatisfy { $0 == 0 })
    }

    @Test("a click whose frame has passed sounds at the start of the next render")
    func lateClickAtOnce() throws {
        let (engine, sink) = try EngineTestSupport.engine()
        let clicks = EngineClickPlayer(engine: engine)
        sink.render(frames: 2_048)
        #expect(clicks.earliestSchedulable == 2_048.0 / 48_000)
        try clicks.schedule([Click(time: 100.0 / 48_000, isAccented: false)])
        let rendered = sink.render(frames: 1_024)
        #expect(onset(rendered, from: 0) == 2_049)
    }

    @Test("the audio clock: the frame heard at an instant is the frames rendered less the delay, moved on by the time since")
    func audioClock() throws {
        let clock = AudioClock()
        #expect(clock.heardFrame(atMonotonic: 5) == nil)
        clock.measured(rendered: 48_000, delay: 768, at: 1_000_000_000)
        #expect(clock.heardFrame(atMonotonic: 1_000_000_000) == 47_232)
        #expect(abs(try #require(clock.heardFrame(atMonotonic: 1_010_000_000)) - (47_232 + 480)) < 1e-6)
        #expect(abs(try #require(clock.heardFrame(atMonotonic: 999_000_000)) - (47_232 - 48)) < 1e-6)
    }

    @Test("the same tap is at the same time on the audio clock at any buffer size, and the extra latency moves it back")
    func latencyCompensated() throws {
        let (engine, _) = try EngineTestSupport.engine()
        let clicks = EngineClickPlayer(engine: engine)
        let extra = EngineClickPlayer(engine: engine, extraLatency: { 0.012 })
        // A click rendered at frame 96,000 (2 s) is heard when the delay has drained: at 128 × 2 frames
        // 256 frames after it was rendered, at 512 × 3, 1,536. The player taps exactly when they hear it.
        for buffer in [256, 1_536] {
            let renderedAt: UInt64 = 7_000_000_000
            engine.renderer.audioClock.measured(rendered: 96_000 + Int64(buffer), delay: Int64(buffer), at: renderedAt)
            let heardAt = renderedAt
            #expect(abs(clicks.heardTime(ofMonotonic: heardAt) - 2.0) < 1e-9)
            #expect(abs(extra.heardTime(ofMonotonic: heardAt + 12_000_000) - 2.0) < 1e-9)
        }
    }
}
