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
        if !notes {
            if round > 0 {
                // After a commit: its release tail and the 0.4 s feedback pause, then the next reference note.
                _ = capture.wait(seconds: 0.6) { _ in false }
                guard capture.wait(seconds: 10, until: { $0 }) else { benchFailure("no reference note") }
            } else {
                // The first reference note may still be coming, or already over.
                _ = capture.wait(seconds: 2, until: { $0 })
            }
        }
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
    latencies.sort()
    guard !latencies.isEmpty else { benchFailure("no round heard the note after the event (\(early) heard sound before it)") }
    if early > 0 { print("note: \(early) of \(rounds) rounds heard sound before the event and were not counted") }
    let environment = ProcessInfo.processInfo.environment
    print(String(format: "FIGURE: end-to-end latency, %@, %@: %d rounds, median %.1f ms, p95 %.1f ms, max %.1f ms",
                 environment["PEACH_BENCH_PROGRAM"] ?? (notes ? "stock FluidSynth" : "peach run"),
                 environment["PEACH_BENCH_BUFFER"] ?? "configured buffer", latencies.count,
                 latencies[latencies.count / 2], latencies[min(latencies.count - 1, latencies.count * 95 / 100)],
                 latencies.last ?? 0))
}

func benchFailure(_ message: String) -> Never {
    print("FAIL: \(message)")
    exit(1)
}

/// The emulated keyboard's raw MIDI port (the USB gadget's far end).
private final class RawKeyboard {
    private let port: OpaquePointer

    init() {
        var handle: OpaquePointer?
        guard snd_rawmidi_open(nil, &handle, "hw:GadgetMIDI,0", 0) >= 0, let handle else {
            benchFailure("cannot open the keyboard's raw MIDI port hw:GadgetMIDI,0")
        }
        port = handle
    }

    deinit { snd_rawmidi_close(port) }

    func send(_ bytes: [UInt8]) {
        let written = bytes.withUnsafeBufferPointer { snd_rawmidi_write(port, $0.baseAddress, $0.count) }
        if written != bytes.count { print("warning: wrote \(written) of \(bytes.count) MIDI bytes") }
        snd_rawmidi_drain(port)
    }
}

/// The loopback card's capture side, read 64 frames at a time. Capture data arrives a period at a
/// time, so a read's return time is late by up to a period; the capture clock runs at 48 kHz from its
/// start, so frame n was captured at start + n / 48 kHz, and the earliest start consistent with every
/// read so far is the best estimate of it.
private final class LoopbackCapture {
    private let pcm: OpaquePointer
    private let frames = 64
    private var buffer: [Int16]
    private var capturedFrames: UInt64 = 0
    private var captureStart = UInt64.max
    private let threshold = 100

    init() {
        var handle: OpaquePointer?
        guard snd_pcm_open(&handle, "hw:Loopback,1,0", SND_PCM_STREAM_CAPTURE, 0) >= 0, let handle else {
            benchFailure("cannot open the loopback capture hw:Loopback,1,0")
        }
        // The playback side already fixed the format; ask for the same and small periods.
        guard snd_pcm_set_params(handle, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED, 2, 48_000, 0, 100_000) >= 0,
              snd_pcm_start(handle) >= 0 else {
            benchFailure("cannot configure and start the loopback capture")
        }
        pcm = handle
        buffer = [Int16](repeating: 0, count: frames * 2)
    }

    deinit { snd_pcm_close(pcm) }

    /// Reads one chunk; returns when its first loud frame was captured, if it has one.
    private func read() -> UInt64? {
        let got = snd_pcm_readi(pcm, &buffer, snd_pcm_uframes_t(frames))
        let now = monotonicNanoseconds()
        guard got > 0 else {
            // An overrun loses frames: restart the capture and its clock.
            snd_pcm_recover(pcm, Int32(got), 1)
            snd_pcm_start(pcm)
            capturedFrames = 0
            captureStart = .max
            return nil
        }
        capturedFrames += UInt64(got)
        captureStart = min(captureStart, now &- capturedFrames * 1_000_000_000 / 48_000)
        guard let loud = (0..<Int(got)).first(where: { abs(Int(buffer[2 * $0])) > threshold }) else { return nil }
        return captureStart &+ (capturedFrames - UInt64(Int(got) - loud)) * 1_000_000_000 / 48_000
    }

    /// Reads until `condition(a chunk was loud)` holds or `seconds` pass.
    func wait(seconds: Double, until condition: (Bool) -> Bool) -> Bool {
        let end = monotonicNanoseconds() + UInt64(seconds * 1e9)
        while monotonicNanoseconds() < end { if condition(read() != nil) { return true } }
        return false
    }

    /// Until 300 ms without sound (at most 10 s).
    func waitForSilence() {
        var quietSince = monotonicNanoseconds()
        _ = wait(seconds: 10) { loud in
            if loud { quietSince = monotonicNanoseconds() }
            return monotonicNanoseconds() - quietSince > 300_000_000
        }
    }

    /// When the first loud frame within `seconds` was captured.
    func firstSound(within seconds: Double) -> UInt64? {
        let end = monotonicNanoseconds() + UInt64(seconds * 1e9)
        while monotonicNanoseconds() < end { if let time = read() { return time } }
        return nil
    }
}
