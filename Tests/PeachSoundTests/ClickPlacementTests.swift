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

    @Test("a tap reaching the trainer late is placed by the clock as it ran then, on a device running 25 % slow")
    func pastInstantsBetweenMeasurements() throws {
        // 36,000 frames a second where 48,000 were asked for (the emulated guest's loopback card);
        // a measurement at every 128-frame period, its pointer stamped when it moved.
        let clock = AudioClock()
        let start: UInt64 = 9_000_000_000
        func time(ofFrame frame: Double) -> UInt64 { start + UInt64((frame / 36_000 * 1e9).rounded()) }
        for period in 0...300 { clock.measured(rendered: Int64(period * 128 + 256), delay: 256, at: time(ofFrame: Double(period * 128))) }
        // A tap at frame 30,000 heard, read 200 ms after it (the newest measurement is at 38,400).
        #expect(abs(try #require(clock.heardFrame(atMonotonic: time(ofFrame: 30_000))) - 30_000) < 0.01)
        #expect(abs(try #require(clock.heardFrame(atMonotonic: time(ofFrame: 30_050.5))) - 30_050.5) < 0.01)
        // Past the newest measurement, the nominal rate; a repeated stamp says nothing new.
        clock.measured(rendered: 99_999, delay: 0, at: time(ofFrame: 38_400))
        #expect(abs(try #require(clock.heardFrame(atMonotonic: time(ofFrame: 38_400) + 1_000_000)) - (38_400 + 48)) < 0.01)
        // Older than every measurement kept: the nominal rate from the oldest.
        let oldest = Double((301 - AudioClock.capacity) * 128)
        #expect(abs(try #require(clock.heardFrame(atMonotonic: time(ofFrame: oldest) - 1_000_000)) - (oldest - 48)) < 0.01)
    }

    @Test("the output dates its delay by the device's stamp of its pointer, not by when its thread woke; a stale stamp is not used")
    func stampedDelay() throws {
        // 128 × 2 frames; the pointer moved at 5.000 s, the output thread woke and asked at 5.003 s.
        let moved: UInt64 = 5_000_000_000, asked: UInt64 = 5_003_000_000
        let measurement = try #require(ALSAPCMOutput.stampedMeasurement(delay: 200, stamp: moved, isRunning: true, now: asked,
                                                                        bufferFrames: 256))
        #expect(measurement.delay == 200 && measurement.time == moved)
        // Frame 48,000 − 200 was heard at 5.000 s, so a tap at 5.010 s is 480 frames later.
        let clock = AudioClock()
        clock.measured(rendered: 48_000, delay: measurement.delay, at: measurement.time)
        #expect(abs(try #require(clock.heardFrame(atMonotonic: 5_010_000_000)) - (47_800 + 480)) < 1e-6)
        // Older than the buffer plays (5.3 ms), from the future, none, or a stopped device: not used.
        #expect(ALSAPCMOutput.stampedMeasurement(delay: 200, stamp: asked - 6_000_000, isRunning: true, now: asked, bufferFrames: 256) == nil)
        #expect(ALSAPCMOutput.stampedMeasurement(delay: 200, stamp: asked + 1, isRunning: true, now: asked, bufferFrames: 256) == nil)
        #expect(ALSAPCMOutput.stampedMeasurement(delay: 200, stamp: 0, isRunning: true, now: asked, bufferFrames: 256) == nil)
        #expect(ALSAPCMOutput.stampedMeasurement(delay: 200, stamp: moved, isRunning: false, now: asked, bufferFrames: 256) == nil)
    }

    @Test("the same tap is at the same time on the audio clock at any buffer size, and the extra latency moves it back")
    func latencyCompensated() throws {
        let (engine, _) = try EngineTestSupport.engine()
        let clicks = EngineClickPlayer(engine: engine)
        let extra = EngineClickPlayer(engine: engine, extraLatency: { 0.012 })
        // A click rendered at frame 96,000 (2 s) is heard when the delay has drained: at 128 × 2 frames
        // 256 frames after it was rendered, at 512 × 3, 1,536. The player taps exactly when they hear it.
        for buffer in [256, 1_536] {
            let renderedAt: UInt64 = 7_000_000_000 + UInt64(buffer) * 1_000_000
            engine.renderer.audioClock.measured(rendered: 96_000 + Int64(buffer), delay: Int64(buffer), at: renderedAt)
            let heardAt = renderedAt
            #expect(abs(clicks.heardTime(ofMonotonic: heardAt) - 2.0) < 1e-9)
            #expect(abs(extra.heardTime(ofMonotonic: heardAt + 12_000_000) - 2.0) < 1e-9)
        }
    }
}
