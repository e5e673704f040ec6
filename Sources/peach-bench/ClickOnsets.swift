import PeachSound

/// Where each rhythm click starts in a 16-bit recording of Peach's output, to the frame.
///
/// A recording through snd-aloop is Peach's output bit for bit, so a click sounding alone is exactly
/// its template (`ClickSound`, scaled and rounded as the output converts it) and a click's first
/// sample is 0, its second already well above the noise (198 plain, 422 accented). Clicks that
/// overlap (a tap's click over the pattern's) are taken apart one at a time: the earliest onset is
/// found, the best-fitting template subtracted, and the search goes on in what is left, so a click
/// that starts inside another is still found at its own frame.
struct ClickOnsets {
    enum Kind: Equatable { case plain, accented }

    struct Onset: Equatable {
        /// The recording's index of the click's first sample.
        var frame: Int
        var kind: Kind
    }

    /// The clicks as the output's 16-bit conversion writes them (round to nearest, ties to even).
    static let templates: [(kind: Kind, samples: [Int32])] = [
        (.plain, quantized(ClickSound.sounds[0].frames)), (.accented, quantized(ClickSound.sounds[1].frames)),
    ]

    static func quantized(_ samples: [Float]) -> [Int32] {
        samples.map { Int32((max(-1, min(1, $0)) * Float(32_767)).rounded(.toNearestOrEven)) }
    }

    /// Samples within this of zero count as silence (two overlapping clicks round once, not twice).
    static let silence: Int32 = 3
    /// How many of a click's first samples decide which template it is.
    static let fitLength = 24

    /// Every click onset, in order; `unresolved` counts onsets that fitted no template (two clicks
    /// starting within a few frames of each other), which are left in the residue.
    static func find(in recording: [Int16]) -> (onsets: [Onset], unresolved: Int) {
        var residue = recording.map(Int32.init)
        var onsets: [Onset] = []
        var unresolved = 0
        var index = 1
        while index < residue.count {
            guard abs(residue[index]) > silence else { index += 1; continue }
            // The first sample above the noise is a click's second: its first (0) is one before.
            let start = index - 1
            let fits = templates.map { template -> (Kind, [Int32], Int64) in
                var error: Int64 = 0
                for i in 0..<min(fitLength, template.samples.count, residue.count - start) {
                    let difference = Int64(residue[start + i] - template.samples[i])
                    error += difference * difference
                }
                return (template.kind, template.samples, error)
            }
            let best = fits.min { $0.2 < $1.2 }!
            // A clean fit leaves about one unit per sample (the two clicks' sum rounded once).
            guard best.2 <= Int64(fitLength) * 4 else {
                unresolved += 1
                index += fitLength
                continue
            }
            for i in 0..<min(best.1.count, residue.count - start) { residue[start + i] -= best.1[i] }
            onsets.append(Onset(frame: start, kind: best.0))
            index = start + 1
        }
        return (onsets.sorted { $0.frame < $1.frame }, unresolved)
    }

    /// The onsets that belong to a pattern whose steps are `sixteenth` frames apart: each has another
    /// onset one, two or three steps (a gap between) before or after it, to within a frame. A tap's
    /// click, which starts where the output's render was when the tap came, almost never has.
    static func patternOnsets(_ onsets: [Onset], sixteenth: Double) -> [Onset] {
        let frames = Set(onsets.map(\.frame))
        return onsets.filter { onset in
            (1...3).contains { steps in
                let distance = Int((Double(steps) * sixteenth).rounded())
                return [-1, 0, 1].contains { frames.contains(onset.frame + distance + $0) || frames.contains(onset.frame - distance - $0) }
            }
        }
    }
}
