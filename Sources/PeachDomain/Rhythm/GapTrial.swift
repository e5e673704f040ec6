import Foundation

/// One Fill the Gap trial as it sounds: 16 cycles of four sixteenths from `start`, one step of
/// each cycle silent, and the taps that hit those gaps.
struct GapTrial {
    static let cycles = 16

    let tempo: TempoBPM
    let start: Double
    /// Per cycle, the silent step.
    let gaps: [GapPosition]
    /// Per cycle, the tap's offset from the gap in seconds, once tapped.
    private(set) var hits: [Double?]

    init(tempo: TempoBPM, start: Double, positions: Set<GapPosition>, random: inout any RandomNumberGenerator) {
        self.tempo = tempo
        self.start = start
        let choices = positions.sorted()
        gaps = (0..<Self.cycles).map { _ in choices[Int.random(in: 0..<choices.count, using: &random)] }
        hits = Array(repeating: nil, count: Self.cycles)
    }

    var sixteenth: Double { tempo.sixteenth }
    var end: Double { start + Double(Self.cycles * 4) * sixteenth }

    func gapTime(cycle: Int) -> Double {
        start + Double(cycle * 4 + gaps[cycle].rawValue) * sixteenth
    }

    /// When the last gap's window closes: the trial can be scored.
    var lastWindowEnd: Double { gapTime(cycle: Self.cycles - 1) + sixteenth / 2 }

    /// Every step but the gaps; the beat's click accented.
    var clicks: [Click] {
        (0..<Self.cycles).flatMap { cycle in
            GapPosition.allCases.filter { $0 != gaps[cycle] }.map { position in
                Click(time: start + Double(cycle * 4 + position.rawValue) * sixteenth, isAccented: position == .beat)
            }
        }
    }

    /// Takes a tap heard at `time` for the gap whose window (± half a sixteenth) holds it, if that
    /// gap is not tapped yet. False when the tap hits no gap of this trial.
    mutating func tap(at time: Double) -> Bool {
        for cycle in 0..<Self.cycles where hits[cycle] == nil {
            let offset = time - gapTime(cycle: cycle)
            if abs(offset) <= sixteenth / 2 {
                hits[cycle] = offset
                return true
            }
        }
        return false
    }

    /// The trial as the history keeps it; nil when no gap was tapped (nobody was playing).
    func answer(at timestamp: Date) -> GapFillAnswer? {
        var taps: [GapTaps.Tap] = []
        for cycle in 0..<Self.cycles {
            if let offset = hits[cycle] { taps.append(GapTaps.Tap(position: gaps[cycle], offsetMs: offset * 1000)) }
        }
        guard !taps.isEmpty else { return nil }
        let byPosition = GapPosition.allCases.map { position -> Double? in
            let offsets = taps.filter { $0.position == position }.map(\.offsetMs)
            return offsets.isEmpty ? nil : offsets.reduce(0, +) / Double(offsets.count)
        }
        return GapFillAnswer(tempo: tempo, meanOffsetMs: taps.map(\.offsetMs).reduce(0, +) / Double(taps.count),
                             meanOffsetMsByPosition: byPosition, timestamp: timestamp,
                             taps: GapTaps(hits: taps, misses: Self.cycles - taps.count))
    }
}
