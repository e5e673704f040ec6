import Testing
@testable import peach_bench

@Suite("Capture clock")
struct CaptureClockTests {
    /// A device 3 % slow (46 560 frames a second), its pointer moving 128 frames at each of its ticks,
    /// and the marks a reader sees: one every third tick, stamped when the pointer last moved.
    static func slowDevice(seconds: Double, start: UInt64 = 5_000_000_000) -> (CaptureClock, (Double) -> Double) {
        let rate = 46_560.0
        var clock = CaptureClock()
        let ticks = Int(seconds * rate / 128)
        for tick in stride(from: 1, through: ticks, by: 3) {
            clock.note(frame: UInt64(tick * 128), time: start + UInt64((Double(tick * 128) / rate * 1e9).rounded()))
        }
        return (clock, { frame in Double(start) + frame / rate * 1e9 })
    }

    @Test("frames of a device 3 % slow stay dated within 20 µs over a 20 s capture")
    func slowDeviceStaysDated() throws {
        let (clock, truth) = Self.slowDevice(seconds: 20)
        for frame in stride(from: 1_000.0, to: 900_000, by: 7_777.5) {
            let time = try #require(clock.time(ofFrame: frame))
            #expect(abs(Double(time) - truth(frame)) < 20_000, "frame \(frame)")
        }
        // What a nominal 48 kHz from the first mark makes of the last frames: 0.6 s early.
        let first = try #require(clock.marks.first)
        let nominal = Double(first.time) + (900_000 - Double(first.frame)) / 48_000 * 1e9
        #expect(truth(900_000) - nominal > 500_000_000)
    }

    @Test("the frame captured at a time is the one dated at that time")
    func inverse() throws {
        let (clock, _) = Self.slowDevice(seconds: 2)
        for frame in stride(from: 0.0, to: 100_000, by: 1_234.25) {
            let time = try #require(clock.time(ofFrame: frame))
            let back = try #require(clock.frame(at: time))
            #expect(abs(back - frame) < 0.1, "frame \(frame)")
        }
    }

    @Test("beyond the marks, frames are dated at the nominal rate from the nearest one")
    func beyondTheMarks() throws {
        var clock = CaptureClock()
        clock.note(frame: 4_800, time: 1_000_000_000)
        clock.note(frame: 9_600, time: 1_110_000_000)
        #expect(clock.time(ofFrame: 0) == 900_000_000)
        #expect(clock.time(ofFrame: 14_400) == 1_210_000_000)
        #expect(clock.time(ofFrame: 7_200) == 1_055_000_000)
        #expect(clock.frame(at: 1_210_000_000) == 14_400)
    }

    @Test("a mark that does not move the pointer on, or goes back in time, is not kept")
    func staleMarks() {
        var clock = CaptureClock()
        #expect(clock.time(ofFrame: 10) == nil)
        #expect(clock.frame(at: 10) == nil)
        clock.note(frame: 480, time: 1_000_000)
        clock.note(frame: 480, time: 2_000_000)
        clock.note(frame: 960, time: 500_000)
        clock.note(frame: 240, time: 3_000_000)
        #expect(clock.marks == [CaptureClock.Mark(frame: 480, time: 1_000_000)])
    }

    @Test("a recording's samples are dated by the clock from the frame it started at")
    func recording() throws {
        let (clock, truth) = Self.slowDevice(seconds: 4)
        let recording = LoopbackCapture.Recording(samples: [], raw: [], firstFrame: 100_000, clock: clock)
        #expect(abs(Double(recording.time(at: 2_500)) - truth(102_500)) < 20_000)
        #expect(recording.index(at: UInt64(truth(102_500))) == 2_500)
    }
}
