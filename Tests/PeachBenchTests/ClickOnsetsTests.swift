import Testing
@testable import peach_bench

@Suite("Click onsets in a recording")
struct ClickOnsetsTests {
    /// A recording of `length` frames with the clicks mixed in at their frames, then rounded once to
    /// 16 bits as Peach's output does.
    static func recording(_ clicks: [(frame: Int, accented: Bool)], length: Int) -> [Int16] {
        var mix = [Float](repeating: 0, count: length)
        let plain = PeachSoundClicks.plain, accented = PeachSoundClicks.accented
        for click in clicks {
            let sound = click.accented ? accented : plain
            for (i, sample) in sound.enumerated() where click.frame + i < length { mix[click.frame + i] += sample }
        }
        return ClickOnsets.quantized(mix).map { Int16($0) }
    }

    @Test("lone clicks are found at their exact frames, plain and accented told apart")
    func lone() {
        let clicks = [(1_000, true), (10_000, false), (19_000, false), (28_001, true)]
        let found = ClickOnsets.find(in: Self.recording(clicks.map { ($0.0, $0.1) }, length: 40_000))
        #expect(found.unresolved == 0)
        #expect(found.onsets == clicks.map { ClickOnsets.Onset(frame: $0.0, kind: $0.1 ? .accented : .plain) })
    }

    @Test("a click starting inside another, before or after its onset, is still found at its own frame")
    func overlapping() {
        // A tap's click 20 ms before a pattern click, and one 7 ms after another.
        let clicks = [(5_000, false), (5_960, true), (20_000, false), (20_336, false)]
        let found = ClickOnsets.find(in: Self.recording(clicks.map { ($0.0, $0.1) }, length: 30_000))
        #expect(found.onsets.map(\.frame) == [5_000, 5_960, 20_000, 20_336])
        #expect(found.onsets[1].kind == .accented)
    }

    @Test("the pattern's clicks are those a whole number of sixteenths from another; a tap's is not")
    func pattern() {
        let sixteenth = 9_000.0
        let onsets = [0, 9_000, 27_000, 30_100, 36_000].map { ClickOnsets.Onset(frame: $0, kind: .plain) }
        #expect(ClickOnsets.patternOnsets(onsets, sixteenth: sixteenth).map(\.frame) == [0, 9_000, 27_000, 36_000])
    }

    @Test("a tap is measured against its gap's time on the capture clock; taps on a sounding step are strays")
    func tapAgainstGap() {
        // 80 BPM: steps 9,000 frames apart from frame 4,800; the third step (frame 22,800) silent.
        let steps = [4_800, 13_800, 31_800, 40_800]
        var run = TapTimingRun(samples: Self.recording(steps.map { ($0, false) }, length: 50_000), tempo: 80)
        let start: UInt64 = 7_000_000_000
        // A capture running 1 % slow, marked every 256 frames.
        for frame in stride(from: 0, through: 50_000, by: 256) {
            run.clock.note(frame: UInt64(frame), time: start + UInt64(Double(frame) / 47_520 * 1e9))
        }
        let gapTime = start + UInt64(22_800.0 / 47_520 * 1e9)
        run.heard = [(gapTime + 12_345_678, gapTime + 12_000_000), (start + UInt64(31_800.0 / 47_520 * 1e9) - 5_000_000, nil)]
        let taps = run.taps()
        #expect(taps.hits.count == 1)
        #expect(taps.strays == 1)
        #expect(abs((taps.hits.first?.offsetMs ?? 0) - 12.345678) < 0.001)
        #expect(abs((taps.hits.first?.kernelOffsetMs ?? 0) - 12) < 0.001)
    }

    @Test("a Compare Timing pattern's moved click is found to the frame")
    func movedClick() {
        let clicks = [(2_000, true), (11_000, false), (20_000 + 417, false), (29_000, false)]
        let run = TapTimingRun(samples: Self.recording(clicks.map { ($0.0, $0.1) }, length: 40_000), tempo: nil)
        #expect(run.timingOffsets(tempo: 80) == [417])
    }
}

import PeachSound

/// The clicks as Peach renders them, before the 16-bit conversion.
enum PeachSoundClicks {
    static let plain = ClickSound.sounds[0].frames
    static let accented = ClickSound.sounds[1].frames
}

@Suite("The timing report's reading of peach run's log")
struct TimingLogTests {
    @Test("each trial's hits and each tap's stamp and heard frame are read from the log's lines")
    func logLines() {
        let log = """
            2026-11-28T16:37:45+0000 info peach.result: [PeachBoxRuntime] fill the gap at 80 BPM: -19.0 ms on average, 12 of 16 gaps hit, spread 29.1 ms
            2026-11-28T16:37:46+0000 debug peach.clicks: [PeachSound] tap stamped 70430283763 ns, heard at frame -1250.5
            2026-11-28T16:38:01+0000 info peach.result: [PeachBoxRuntime] fill the gap at 80 BPM: +2.0 ms on average, 16 of 16 gaps hit, spread 19.1 ms
            """
        #expect(TapTimingReport.loggedHits(log) == [12, 16])
        let taps = TapTimingReport.loggedTaps(log)
        #expect(taps.count == 1 && taps[0].stamp == 70_430_283_763 && taps[0].frame == -1250.5)
    }
}
