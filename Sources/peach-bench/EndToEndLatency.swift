import CAlsa
import Foundation
import Glibc
import PeachMIDI

/// `peach-bench --e2e-latency`, run in the QEMU guest by Tests/System/guest-boxbench.sh while
/// `peach run --mode match` plays into snd-aloop with the emulated USB keyboard plugged in: the time
/// from a MIDI event written to the keyboard (it starts the tunable note) to the first sound of that
/// note captured back from the loopback card, both on CLOCK_MONOTONIC.
func endToEndLatencyFigures(rounds: Int = 15) {
    func fail(_ message: String) -> Never {
        print("FAIL: \(message)")
        exit(1)
    }
    var capture: OpaquePointer?
    guard snd_pcm_open(&capture, "hw:Loopback,1,0", SND_PCM_STREAM_CAPTURE, 0) >= 0, let capture else {
        fail("cannot open the loopback capture hw:Loopback,1,0")
    }
    // The playback side (peach run) already fixed the format; ask for the same and small periods.
    guard snd_pcm_set_params(capture, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED, 2, 48_000, 0, 100_000) >= 0,
          snd_pcm_start(capture) >= 0 else {
        fail("cannot configure and start the loopback capture")
    }
    let frames = 64
    var buffer = [Int16](repeating: 0, count: frames * 2)
    let threshold: Int16 = 100
    // Capture data arrives a period at a time, so a read's return time is late by up to a period.
    // The capture clock runs at 48 kHz from its start: frame n was captured at start + n / 48 kHz, and
    // the earliest start consistent with every read so far is the best estimate of it.
    var capturedFrames: UInt64 = 0
    var captureStart = UInt64.max
    /// Reads one chunk; returns when its first loud frame was captured, if it has one.
    func read() -> (loudFrame: Int?, endTime: UInt64) {
        let got = snd_pcm_readi(capture, &buffer, snd_pcm_uframes_t(frames))
        let now = monotonicNanoseconds()
        guard got > 0 else {
            // An overrun loses frames: restart the capture and its clock.
            snd_pcm_recover(capture, Int32(got), 1)
            snd_pcm_start(capture)
            capturedFrames = 0
            captureStart = .max
            return (nil, now)
        }
        capturedFrames += UInt64(got)
        captureStart = min(captureStart, now &- capturedFrames * 1_000_000_000 / 48_000)
        let loud = (0..<Int(got)).first { abs(Int(buffer[2 * $0])) > threshold }
        return (loud.map { $0 - Int(got) }, captureStart + capturedFrames * 1_000_000_000 / 48_000)
    }
    func wait(until condition: (Bool) -> Bool, seconds: Double) -> Bool {
        let end = monotonicNanoseconds() + UInt64(seconds * 1e9)
        while monotonicNanoseconds() < end { if condition(read().loudFrame != nil) { return true } }
        return false
    }
    func send(_ bytes: [UInt8]) {
        let written = bytes.withUnsafeBufferPointer { snd_rawmidi_write(keyboard, $0.baseAddress, $0.count) }
        if written != bytes.count { print("warning: wrote \(written) of \(bytes.count) MIDI bytes") }
        snd_rawmidi_drain(keyboard)
    }
    var keyboard: OpaquePointer?
    guard snd_rawmidi_open(nil, &keyboard, "hw:GadgetMIDI,0", 0) >= 0, let keyboard else {
        fail("cannot open the keyboard's raw MIDI port hw:GadgetMIDI,0")
    }
    var latencies: [Double] = []
    var early = 0
    for round in 0..<rounds {
        if round > 0 {
            // After a commit: its release tail and the 0.4 s feedback pause, then the next reference note.
            _ = wait(until: { _ in false }, seconds: 0.6)
            guard wait(until: { $0 }, seconds: 10) else { fail("no reference note") }
        } else {
            // The first reference note may still be coming, or already over.
            _ = wait(until: { $0 }, seconds: 2)
        }
        // Silence: the reference note is over and the tunable note waits for the wheel.
        var quietSince = monotonicNanoseconds()
        _ = wait(until: { loud in
            if loud { quietSince = monotonicNanoseconds() }
            return monotonicNanoseconds() - quietSince > 300_000_000
        }, seconds: 10)
        let sent = monotonicNanoseconds()
        send([0xE0, 0x68, 0x47])  // pitch bend +1000: the first touch starts the tunable note
        var heard: UInt64?
        let end = sent + 3_000_000_000
        while heard == nil, monotonicNanoseconds() < end {
            let chunk = read()
            if let offset = chunk.loudFrame { heard = chunk.endTime &- UInt64(-offset * 1_000_000_000 / 48_000) }
        }
        guard let heard else { fail("the tunable note never sounded") }
        // Signed: a sound estimated before the event was not caused by it (a late tail, or the
        // capture clock estimate restarting after an overrun); that round does not count.
        let latency = Int64(bitPattern: heard) - Int64(bitPattern: sent)
        if latency >= 0 { latencies.append(Double(latency) / 1e6) } else { early += 1 }
        send([0x90, 0x3C, 0x64, 0x80, 0x3C, 0x00])  // a key commits
    }
    latencies.sort()
    guard !latencies.isEmpty else { fail("no round heard the note after the event (\(early) heard sound before it)") }
    if early > 0 { print("note: \(early) of \(rounds) rounds heard sound before the event and were not counted") }
    let median = latencies[latencies.count / 2]
    print(String(format: "FIGURE: end-to-end latency, MIDI event on the USB keyboard → sound out of snd-aloop, %d rounds: median %.1f ms, max %.1f ms (software-emulated guest; includes the %@ output buffer)",
                 latencies.count, median, latencies.last!, ProcessInfo.processInfo.environment["PEACH_BENCH_BUFFER"] ?? "configured"))
    snd_rawmidi_close(keyboard)
    snd_pcm_close(capture)
}
