import CAlsa
import Foundation
import Glibc
import PeachMIDI

/// `peach-bench --e2e-latency [--notes]`, run in the QEMU guest by Tests/System/guest-boxbench.sh:
/// the time from a MIDI event written to the emulated USB keyboard to the first sound it causes,
/// captured back from snd-aloop, both on CLOCK_MONOTONIC.
/// - Peach (`peach run --mode match` playing): the event is the wheel's first touch, which starts the
///   tunable note; a key commits it, and the next exercise's reference note comes by itself.
/// - `--notes`, stock FluidSynth connected to the keyboard: the event is a note-on; a note-off ends it.
func endToEndLatencyFigures(rounds: Int = 12) {
    let notes = CommandLine.arguments.contains("--notes")
    let capture = LoopbackCapture()
    let keyboard = RawKeyboard()
    var latencies: [Double] = []
    var early = 0
    for round in 0..<rounds {
        if !notes { capture.waitForTuningTurn(firstRound: round == 0) }
        capture.waitForSilence()
        let sent = monotonicNanoseconds()
        keyboard.send(notes ? [0x90, 0x45, 0x64] : [0xE0, 0x68, 0x47])  // A4 on / pitch bend +1000
        guard let heard = capture.firstSound(within: 3) else { benchFailure("the note never sounded") }
        // Signed: a sound estimated before the event was not caused by it (a late tail, or the
        // capture clock estimate restarting after an overrun); that round does not count.
        let latency = Int64(bitPattern: heard) - Int64(bitPattern: sent)
        if latency >= 0 { latencies.append(Double(latency) / 1e6) } else { early += 1 }
        keyboard.send(notes ? [0x80, 0x45, 0x00] : [0x90, 0x3C, 0x64, 0x80, 0x3C, 0x00])  // off / a key commits
    }
    guard !latencies.isEmpty else { benchFailure("no round heard the note after the event (\(early) heard sound before it)") }
    if early > 0 { print("note: \(early) of \(rounds) rounds heard sound before the event and were not counted") }
    printLatencyFigure("end-to-end latency", latencies, program: notes ? "stock FluidSynth" : "peach run")
}

/// `FIGURE: WHAT, PROGRAM, BUFFER: N rounds, median, p95, max` (program and buffer as the guest names them).
func printLatencyFigure(_ what: String, _ latencies: [Double], program: String, decimals: Int = 1) {
    let sorted = latencies.sorted()
    let environment = ProcessInfo.processInfo.environment
    let ms = { (value: Double) in String(format: "%.\(decimals)f ms", value) }
    print("FIGURE: \(what), \(environment["PEACH_BENCH_PROGRAM"] ?? program), "
          + "\(environment["PEACH_BENCH_BUFFER"] ?? "configured buffer"): \(sorted.count) rounds, "
          + "median \(ms(sorted[sorted.count / 2])), p95 \(ms(sorted[min(sorted.count - 1, sorted.count * 95 / 100)])), "
          + "max \(ms(sorted.last ?? 0))")
}

func benchFailure(_ message: String) -> Never {
    print("FAIL: \(message)")
    exit(1)
}

extension LoopbackCapture {
    /// `peach run --mode match`: the reference note of the next exercise has come and gone, so the
    /// wheel's first touch starts the tunable note.
    func waitForTuningTurn(firstRound: Bool) {
        if !firstRound {
            // After a commit: its release tail and the 0.4 s feedback pause, then the next reference note.
            listen(seconds: 0.6)
            guard wait(seconds: 10, until: { $0 }) else { benchFailure("no reference note") }
        } else {
            // The first round of a bench process: the box may be anywhere between the last commit
            // of the process before (its release tail, the pause) and waiting for the wheel, its
            // reference note not yet come, sounding, or over. Past whatever sounds now, a
            // reference note still to come starts within the pause.
            waitForSilence()
            _ = wait(seconds: 3, until: { $0 })
        }
        waitForSilence()
    }
}
