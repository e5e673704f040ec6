import Foundation

/// One recording the guest's `TapTiming` left: the samples, the capture's marks, and (for taps) the
/// keyboard's sends and the second listener's stamps.
struct TapTimingRun {
    var tempo: Int?
    var samples: [Int16]
    /// Frames counted from the recording's first sample.
    var clock = CaptureClock()
    var sent: [UInt64] = []
    /// The second listener's read stamp and the sequencer's own stamp of each note-on.
    var heard: [(read: UInt64, kernel: UInt64?)] = []
    /// CLOCK_REALTIME − CLOCK_MONOTONIC in the guest, in ns (to place a stored answer's date).
    var realtimeOffset: Int64 = 0

    static let rate = CaptureClock.nominalRate

    init(samples: [Int16], tempo: Int?) {
        self.samples = samples
        self.tempo = tempo
    }

    init(directory: URL, name: String) throws {
        let base = directory.appendingPathComponent(name)
        let data = try Data(contentsOf: base.appendingPathExtension("s16"))
        samples = data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        for line in try String(contentsOf: base.appendingPathExtension("txt"), encoding: .utf8).split(separator: "\n") {
            let fields = line.split(separator: " ").map(String.init)
            switch fields.first {
            case "tempo": tempo = Int(fields[1])
            case "clocks": realtimeOffset = Int64(fields[1])! - Int64(fields[2])!
            case "mark": clock.note(frame: UInt64(fields[1])!, time: UInt64(fields[2])!)
            case "sent": sent.append(UInt64(fields[1])!)
            case "heard": heard.append((UInt64(fields[1])!, UInt64(fields[2])))
            default: break
            }
        }
    }

    var sixteenth: Double? { tempo.map { Self.rate * 15 / Double($0) } }

    /// A tap within half a sixteenth of a gap, measured against the recording.
    struct Hit {
        /// When the second listener read it, and when the sequencer delivered it.
        var read: UInt64
        var kernel: UInt64?
        /// When the gap was heard: its frame in the recording, dated by the capture's clock.
        var gapTime: UInt64
        var offsetMs: Double { Double(Int64(bitPattern: read &- gapTime)) / 1e6 }
        var kernelOffsetMs: Double? { kernel.map { Double(Int64(bitPattern: $0 &- gapTime)) / 1e6 } }
    }

    struct Taps {
        var hits: [Hit] = []
        /// Taps near a step that sounded (the pattern's click was there), or off every step.
        var strays = 0
        /// Taps whose steps could not be placed: no pattern click on either side within four steps,
        /// or the clicks around it off the grid (the output underran between them).
        var unplaced = 0
        var unresolvedOnsets = 0
    }

    /// Every tap the second listener heard, placed against the pattern found in the recording.
    func taps() -> Taps {
        guard let sixteenth else { return Taps() }
        let found = ClickOnsets.find(in: samples)
        var result = Taps(unresolvedOnsets: found.unresolved)
        let pattern = ClickOnsets.patternOnsets(found.onsets, sixteenth: sixteenth).map(\.frame)
        let sounded = Set(pattern)
        for tap in heard {
            guard let frame = clock.frame(at: tap.read) else { result.unplaced += 1; continue }
            let after = pattern.firstIndex { Double($0) > frame } ?? pattern.count
            guard after > 0, after < pattern.count else { result.unplaced += 1; continue }
            let before = pattern[after - 1], next = pattern[after]
            let stepsBetween = (Double(next - before) / sixteenth).rounded()
            guard stepsBetween <= 4, abs(Double(next - before) - stepsBetween * sixteenth) <= 1 else { result.unplaced += 1; continue }
            let steps = ((frame - Double(before)) / sixteenth).rounded()
            let step = before + Int((steps * sixteenth).rounded())
            guard !(-1...1).contains(where: { sounded.contains(step + $0) }), let gapTime = clock.time(ofFrame: Double(step)) else {
                result.strays += 1
                continue
            }
            let hit = Hit(read: tap.read, kernel: tap.kernel, gapTime: gapTime)
            if abs(hit.offsetMs) <= sixteenth / Self.rate * 1000 / 2 { result.hits.append(hit) } else { result.strays += 1 }
        }
        return result
    }

    /// Compare Timing patterns in the recording: an accented click with plain ones exactly one and
    /// three sixteenths after it and one near two (`tempo`'s sixteenth), moved by 2 frames or more;
    /// per pattern, that click's offset from its place, in frames.
    func timingOffsets(tempo: Int) -> [Int] {
        let sixteenth = Self.rate * 15 / Double(tempo)
        let onsets = ClickOnsets.find(in: samples).onsets
        let frames = Set(onsets.map(\.frame))
        func at(_ first: Int, _ steps: Int) -> Int { first + Int((Double(steps) * sixteenth).rounded()) }
        return onsets.compactMap { first in
            guard first.kind == .accented, frames.contains(at(first.frame, 1)), frames.contains(at(first.frame, 3)) else { return nil }
            let third = at(first.frame, 2)
            let moved = onsets.filter { $0.kind == .plain && abs($0.frame - third) < Int(sixteenth / 4) && abs($0.frame - third) >= 2 }
            return moved.count == 1 ? moved[0].frame - third : nil
        }
    }
}
