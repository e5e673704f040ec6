import Foundation
import Glibc
import PeachMIDI

/// The guest's half of the timing group (Tests/System/guest-timing.sh): `peach run` plays into
/// snd-aloop, this records the loopback's capture side, dated by the device's own pointer
/// (`LoopbackCapture`), plays the emulated USB keyboard and, beside Peach, listens to the keyboard's
/// port (`TapListener`). It leaves the recording and every time in DIR for the host's checks
/// (`TapTimingReport`), which find the clicks in the recording and set what Peach stored against it.
enum TapTiming {
    static let keyboardName = "VMTest Keys"
    static let rate = CaptureClock.nominalRate

    /// `--tap-timing DIR NAME TEMPO CYCLES`: Fill the Gap is playing at TEMPO. Once six clicks in a
    /// row have come one to three sixteenths apart, the keyboard taps every step of CYCLES cycles
    /// (the gap is drawn anew each cycle: the taps on a click are strays Peach ignores), by cycle
    /// early, on time and late by 16 % of a sixteenth. The taps' times need not be exact: their truth
    /// is measured.
    static func tapRun(_ arguments: [String]) {
        guard arguments.count == 4, let tempo = Int(arguments[2]), let cycles = Int(arguments[3]) else {
            benchFailure("usage: --tap-timing DIR NAME TEMPO CYCLES")
        }
        let sixteenth = rate * 15 / Double(tempo)
        let capture = LoopbackCapture(bufferTime: 1_000_000, chunk: 512)
        let listener = TapListener(keyboardName: keyboardName)
        let keyboard = RawKeyboard()
        capture.startRecording()
        var scanner = OnsetScanner()
        let deadline = monotonicNanoseconds() + 60_000_000_000
        var anchor: Int?
        var restarted = monotonicNanoseconds()
        while anchor == nil, monotonicNanoseconds() < deadline {
            capture.readChunk()
            scanner.scan(capture)
            anchor = scanner.patternAnchor(sixteenth: sixteenth)
            // A lost audio output stops training until the player starts it again (program 7).
            if monotonicNanoseconds() - max(restarted, scanner.lastOnsetTime) > 3_000_000_000 {
                keyboard.send([0xC0, 0x07])
                restarted = monotonicNanoseconds()
            }
        }
        guard let anchor else { benchFailure("no pattern at \(tempo) BPM within 60 s (onsets: \(scanner.onsets.suffix(8)))") }
        // The first step at least a quarter second ahead.
        let firstFrame = Double(capture.recordingFirstFrame)
        var step = Int(((Double(scanner.scanned) - Double(anchor)) / sixteenth).rounded(.up)) + Int((0.25 * rate / sixteenth).rounded(.up))
        let lastStep = step + 4 * cycles
        let firstStep = step
        var sent: [UInt64] = []
        while step < lastStep {
            capture.readChunk()
            scanner.scan(capture)
            if monotonicNanoseconds() - max(restarted, scanner.lastOnsetTime) > 3_000_000_000 {
                keyboard.send([0xC0, 0x07])
                restarted = monotonicNanoseconds()
            }
            let cycle = (step - firstStep) / 4
            let phase = [-0.16, 0, 0.16][cycle % 3] * sixteenth / rate
            guard let due = capture.currentClock.time(ofFrame: firstFrame + Double(anchor) + Double(step) * sixteenth) else { continue }
            let tapTime = Int64(due) + Int64(phase * 1e9)
            guard Int64(monotonicNanoseconds()) >= tapTime else { continue }
            sent.append(monotonicNanoseconds())
            keyboard.send([0x90, 0x3C, 0x64, 0x80, 0x3C, 0x00])
            step += 1
        }
        capture.listen(seconds: 1.5)
        let heard = listener.finish()
        guard let recording = capture.stopRecording() else { benchFailure("the capture overran while recording: its clock restarted") }
        print("tapped \(sent.count) steps at \(tempo) BPM; the second listener heard \(heard.count) note-ons "
              + "(its thread: \(listener.scheduling))")
        write(recording, name: arguments[1], into: arguments[0], header: ["tempo \(tempo)"], listener: listener) { lines in
            lines += sent.map { "sent \($0)" }
            lines += heard.map { "heard \($0.readTime) \($0.kernelTime.map(String.init) ?? "-")" }
        }
    }

    /// `--timing-answers DIR NAME TRIALS`: switches the box to Compare Timing (program 6) and
    /// answers TRIALS patterns, each once its four clicks have sounded, late and early by turns.
    static func answerRun(_ arguments: [String]) {
        guard arguments.count == 3, let trials = Int(arguments[2]) else { benchFailure("usage: --timing-answers DIR NAME TRIALS") }
        let capture = LoopbackCapture(bufferTime: 1_000_000, chunk: 512)
        let keyboard = RawKeyboard()
        capture.startRecording()
        capture.listen(seconds: 0.3)
        keyboard.send([0xC0, 0x06])
        var scanner = OnsetScanner()
        var answered = 0, since = 0
        var lastOnset = monotonicNanoseconds()
        let deadline = monotonicNanoseconds() + UInt64(trials) * 30_000_000_000
        while answered < trials, monotonicNanoseconds() < deadline {
            capture.readChunk()
            let before = scanner.onsets.count
            scanner.scan(capture)
            if scanner.onsets.count > before { since += scanner.onsets.count - before; lastOnset = monotonicNanoseconds() }
            // A lost audio output stops training until the player starts it again (program 6).
            if monotonicNanoseconds() - lastOnset > 4_000_000_000 {
                keyboard.send([0xC0, 0x06])
                lastOnset = monotonicNanoseconds()
                since = 0
            }
            guard since >= 4, monotonicNanoseconds() - lastOnset > 400_000_000 else { continue }
            keyboard.send(answered % 2 == 0 ? [0x90, 0x48, 0x64, 0x80, 0x48, 0x00] : [0x90, 0x30, 0x64, 0x80, 0x30, 0x00])
            answered += 1
            since = 0
        }
        guard answered == trials else { benchFailure("answered \(answered) of \(trials) Compare Timing patterns") }
        capture.listen(seconds: 1)
        guard let recording = capture.stopRecording() else { benchFailure("the capture overran while recording: its clock restarted") }
        print("answered \(answered) Compare Timing patterns")
        write(recording, name: arguments[1], into: arguments[0], header: [], listener: nil) { _ in }
    }

    /// NAME.s16 (the recording, 16-bit little-endian mono) and NAME.txt: the header, the clocks,
    /// the capture's marks ("mark FRAME NS", frames from the recording's first) and `more`.
    private static func write(_ recording: LoopbackCapture.Recording, name: String, into directory: String,
                              header: [String], listener: TapListener?, more: (inout [String]) -> Void) {
        var realtime = timespec()
        clock_gettime(CLOCK_REALTIME, &realtime)
        let monotonic = monotonicNanoseconds()
        var lines = header + ["clocks \(Int64(realtime.tv_sec) * 1_000_000_000 + Int64(realtime.tv_nsec)) \(monotonic)"]
        if let listener { lines.append("queue-offset-uncertainty \(listener.queueOffsetUncertainty)") }
        let first = recording.firstFrame
        lines += recording.clock.marks.filter { $0.frame >= first }.map { "mark \($0.frame - first) \($0.time)" }
        more(&lines)
        let base = URL(fileURLWithPath: directory).appendingPathComponent(name)
        do {
            try recording.raw.withUnsafeBufferPointer { Data(buffer: $0) }.write(to: base.appendingPathExtension("s16"))
            try (lines.joined(separator: "\n") + "\n").write(to: base.appendingPathExtension("txt"), atomically: true, encoding: .utf8)
        } catch {
            benchFailure("cannot write the recording into \(directory): \(error)")
        }
    }
}

/// Click onsets as the recording grows, for timing the keyboard: a sample above the noise after at
/// least 5 ms of silence (no overlap is taken apart here: the host's `ClickOnsets` does that).
struct OnsetScanner {
    private(set) var onsets: [Int] = []
    private(set) var scanned = 0
    /// CLOCK_MONOTONIC when the last onset was seen.
    private(set) var lastOnsetTime: UInt64 = 0
    private var silent = 0

    mutating func scan(_ capture: LoopbackCapture) {
        for sample in capture.recorded(from: scanned) {
            if abs(Int32(sample)) > ClickOnsets.silence {
                if silent >= 240 { onsets.append(scanned - 1); lastOnsetTime = monotonicNanoseconds() }
                silent = 0
            } else {
                silent += 1
            }
            scanned += 1
        }
    }

    /// The last onset, once the last six are each one to three sixteenths after the one before.
    func patternAnchor(sixteenth: Double) -> Int? {
        guard onsets.count >= 6 else { return nil }
        let last = onsets.suffix(6)
        for (earlier, later) in zip(last.dropLast(), last.dropFirst()) {
            let steps = (Double(later - earlier) / sixteenth).rounded()
            guard (1...3).contains(steps), abs(Double(later - earlier) - steps * sixteenth) <= 1 else { return nil }
        }
        return last.last
    }
}
