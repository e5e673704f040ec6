import PeachDomain
import PeachSound

/// Click placement through the engine, offline: clicks scheduled as the rhythm modes schedule them
/// (`EngineClickPlayer`), rendered in periods of each buffer size the box offers, converted to 16
/// bits as the output does, and found again in that output (`ClickOnsets`): each should start at the
/// very frame it was scheduled for, wherever it falls within a period. Through the real ALSA path
/// the timing group checks the same in the loopback's recording (Compare Timing's moved click).
@MainActor
func clickPlacementFigures(engine: SoundEngine) throws {
    let player = EngineClickPlayer(engine: engine)
    let renderer = engine.renderer
    let count = 200, spacing: Int64 = 7_919   // a prime: the clicks fall on every position within a period
    for period in [64, 128, 256, 512] {
        var block = [Float](repeating: 0, count: period)
        var output: [Float] = []
        func render(_ frames: Int) {
            block.withUnsafeMutableBufferPointer { buffer in
                for _ in 0..<(frames + period - 1) / period {
                    renderer.render(into: buffer.baseAddress!, frames: period)
                    output += buffer
                }
            }
        }
        try engine.stopAll()
        render(9_600)
        let first = renderer.renderedFrames
        output = []
        let scheduled = (0..<Int64(count)).map { first + 4_800 + $0 * spacing }
        try player.schedule(scheduled.enumerated().map { Click(time: Double($1) / NoteSlotRenderer.sampleRate, isAccented: $0 % 4 == 0) })
        render(Int(scheduled.last! - first) + 4_800)
        let found = ClickOnsets.find(in: ClickOnsets.quantized(output).map { Int16($0) })
        let errors = zip(found.onsets, scheduled).map { abs(Int64($0.frame) + first - $1) }
        print("click placement, offline in periods of \(period) frames".padding(toLength: 56, withPad: " ", startingAt: 0)
              + "   \(found.onsets.count) of \(count) clicks found, worst |found − scheduled| \(errors.max() ?? -1) frames")
    }
}
