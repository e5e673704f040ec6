import Foundation
import PeachMIDI

/// `peach-bench --tuning-latency [--notes]`, in the QEMU guest (Tests/System/guest-boxbench.sh):
/// the time from a pitch-wheel move on the emulated USB keyboard to the moment the sounding note's
/// pitch changes in what snd-aloop captured (`PitchChange`), both on CLOCK_MONOTONIC.
/// - Peach (`peach run --mode match`, after `--e2e-latency`, which ends with a commit): the wheel's
///   first touch starts the tunable note; after it has settled, the wheel goes to the top (the move
///   measured); a key commits.
/// - `--notes`, stock FluidSynth (reverb and chorus off): a held A4, then the same wheel move.
/// Both play the Sine of Peach's SoundFont, whose pure tone the change is read from.
func tuningLatencyFigures(rounds: Int = 12) {
    let fluid = CommandLine.arguments.contains("--notes")
    guard let error = PitchChange.selfCheck(), abs(error) < 0.1 else {
        benchFailure("the pitch-change analysis misses a made-up change: \(PitchChange.selfCheck().map { "\($0) ms" } ?? "not found")")
    }
    print(String(format: "analysis check: a made-up change is found %.3f ms off", error))
    let capture = LoopbackCapture()
    let keyboard = RawKeyboard()
    var latencies: [Double] = []
    var unclear = 0
    for round in 0..<rounds {
        if fluid {
            capture.waitForSilence()
            keyboard.send([0xE0, 0x00, 0x40, 0x90, 0x45, 0x64])  // wheel centred, A4 on
        } else {
            capture.waitForTuningTurn(firstRound: round == 0)
            keyboard.send([0xE0, 0x68, 0x47])  // the first touch: +1000
        }
        guard capture.firstSound(within: 3) != nil else { benchFailure("the note never sounded") }
        capture.listen(seconds: 0.15)  // past the attack
        capture.startRecording()
        capture.listen(seconds: 0.15)
        let sent = monotonicNanoseconds()
        keyboard.send([0xE0, 0x7F, 0x7F])  // the wheel to the top
        capture.listen(seconds: 0.25)
        if let recording = capture.stopRecording(),
           let change = PitchChange.index(in: recording.samples, from: recording.index(at: sent)) {
            latencies.append(Double(Int64(bitPattern: recording.time(at: change) &- sent)) / 1e6)
        } else {
            unclear += 1
        }
        if let directory = ProcessInfo.processInfo.environment["PEACH_BENCH_RECORDINGS"], let recording = capture.lastRecording {
            // For a look afterwards: the samples as 64-bit floats, the move's sample in the name.
            let name = "\(directory)/tuning-\(fluid ? "fluidsynth" : "peach")-\(round)-move-\(recording.index(at: sent)).f64"
            _ = FileManager.default.createFile(atPath: name, contents: recording.samples.withUnsafeBytes { Data($0) })
        }
        keyboard.send(fluid ? [0x80, 0x45, 0x00] : [0x90, 0x3C, 0x64, 0x80, 0x3C, 0x00])  // off / a key commits
    }
    guard !latencies.isEmpty else { benchFailure("no round showed a clean change of pitch (\(unclear) unclear)") }
    if unclear > 0 { print("note: \(unclear) of \(rounds) rounds showed no clean change of pitch and were not counted") }
    printLatencyFigure("wheel move to pitch change", latencies, program: fluid ? "stock FluidSynth" : "peach run", decimals: 2)
}

/// `peach-bench --pitch-change FILE`: the analysis of one kept recording (`tuning-…-move-N.f64`),
/// for a look at a round the bench called unclear.
func pitchChangeOfRecording(_ path: String) {
    guard let data = FileManager.default.contents(atPath: path),
          let move = path.split(separator: "-").last.flatMap({ Int($0.split(separator: ".").first ?? "") }) else {
        benchFailure("cannot read \(path)")
    }
    let samples = data.withUnsafeBytes { Array($0.bindMemory(to: Double.self)) }
    let stretches = PitchChange.continuousStretches(samples)
    print("\(samples.count) samples, move at \(move), \(stretches.count) continuous stretches")
    guard let change = PitchChange.index(in: samples, from: move) else { return print("no clear change") }
    print(String(format: "change at %.2f: %.3f ms after the move", change, (change - Double(move)) / 48))
}
