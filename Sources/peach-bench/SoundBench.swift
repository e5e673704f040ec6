import Foundation
import PeachDomain
import PeachSound

// `make bench`, sound: pitch error over the grid, note-on latency, CPU per note slot, peak RSS.

func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

/// Peak resident set size (VmHWM) of process `pid`, this one by default, from /proc (kB); nil when
/// it cannot be read (the process has ended).
func peakRSSKilobytes(of pid: Int32? = nil) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid.map(String.init) ?? "self")/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
    return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
}

@MainActor
private func engine(_ path: String, _ preset: SoundFontPreset) throws -> SoundEngine {
    let calibration = try CalibrationCache().calibration(soundFont: path, preset: preset).calibration
    return try SoundEngine(soundFont: path, preset: preset, calibration: calibration)
}

/// `peach-bench --rss SOUNDFONT BANK:PROGRAM`: a fresh process that loads an engine, plays a note,
/// and prints its peak RSS.
@MainActor
func rssProbe(_ arguments: [String]) {
    do {
        let engine = try engine(arguments[0], try SoundFontPreset(parsing: arguments[1]))
        let sink = WAVFileSink(renderer: engine.renderer)
        _ = try engine.play(frequency: 440, velocity: .standard, amplitude: 0)
        sink.render(seconds: 1)
        print(peakRSSKilobytes() ?? -1)
    } catch {
        print("-1 \(error)")
    }
}

@MainActor
func soundBench() {
    print("== sound (FluidSynth voice engine, exact-ratio resampler)")
    let locator = SoundFontLocator()
    guard let peach = try? locator.locate() else {
        print("no default SoundFont found; skipping the sound figures")
        return
    }
    do {
        let started = ContinuousClock.now
        _ = try CalibrationCache(directory: FileManager.default.temporaryDirectory
            .appendingPathComponent("peach-bench-\(ProcessInfo.processInfo.processIdentifier)"))
            .calibration(soundFont: peach, preset: .standard)
        print("calibrating one preset (88 keys, uncached)".padding(toLength: 56, withPad: " ", startingAt: 0)
              + String(format: "%10.1f ms", (ContinuousClock.now - started).seconds * 1000))

        let engine = try engine(peach, .standard)
        let sink = WAVFileSink(renderer: engine.renderer)
        let estimator = PitchEstimator()
        var errors: [Double] = []
        for reference in [380.0, 440.0, 500.0] {
            for note in stride(from: 21, through: 108, by: 3) {
                for offset in [0, 0.1, -0.1, 0.3, -0.3, 49.9, -49.9, 99.7, -99.7] {
                    let frequency = Pitch(note: MIDINote(note), cents: Cents(offset)).frequency(referencePitch: Frequency(reference))
                    let handle = try engine.play(frequency: frequency, velocity: .standard, amplitude: 0)
                    sink.render(seconds: 0.02)
                    let audio = Array(sink.render(seconds: max(0.3, 40 / frequency.rawValue)))
                    try handle.stop()
                    sink.render(seconds: 0.1)
                    let error = estimator.estimate(audio, sampleRate: 48000, near: frequency.rawValue)?.cents(from: frequency.rawValue)
                    errors.append(abs(error ?? .infinity))
                }
            }
        }
        errors.sort()
        print(String(format: "pitch error over %d notes (MIDI 21–108 × 9 offsets × A=380/440/500): worst %.6f ct, median %.7f ct",
                     errors.count, errors.last!, errors[errors.count / 2]))

        // Note-on latency: from the call to the first sample above −80 dBFS, offline (no device buffer).
        var latencies: [Int] = []
        for note in [45, 69, 93] {
            try engine.stopAll()
            sink.render(seconds: 0.2)
            _ = try engine.play(frequency: Pitch(note: MIDINote(note)).frequency(), velocity: .standard, amplitude: 0)
            let audio = sink.render(frames: 4800)
            latencies.append((audio.firstIndex { abs($0) > 1e-4 } ?? audio.endIndex) - audio.startIndex)
        }
        print("note-on latency, call to first non-silent sample: \(latencies.map(String.init).joined(separator: ", ")) frames "
              + "(A2, A4, A6; add the ALSA buffer: peach run 2 × 128 frames = 5.3 ms by default)")

        // CPU per second of audio per note slot: 8 slots held for 20 s of audio.
        try engine.stopAll()
        sink.render(seconds: 0.2)
        for voices in [1, 8] {
            for i in 0..<voices {
                _ = try engine.play(frequency: Pitch(note: MIDINote(48 + 3 * i), cents: 13.7).frequency(), velocity: .standard,
                                    amplitude: -18)
            }
            let renderer = engine.renderer
            var block = [Float](repeating: 0, count: 256)
            let before = cpuSeconds()
            let seconds = 20.0
            block.withUnsafeMutableBufferPointer { buffer in
                for _ in 0..<Int(seconds * 48000 / 256) { renderer.render(into: buffer.baseAddress!, frames: 256) }
            }
            let cpu = cpuSeconds() - before
            print(String(format: "CPU per second of audio, %d voice%@: %.2f ms per voice (%.0f× real time for all)",
                         voices, voices == 1 ? "" : "s", cpu / seconds / Double(voices) * 1000, seconds / cpu))
            try engine.stopAll()
            sink.render(seconds: 0.2)
        }
        try renderPeriods(engine: engine, soundFont: peach)
        try clickPlacementFigures(engine: engine)
    } catch {
        print("sound benchmark failed: \(error)")
    }

    // Peak RSS, each in a fresh process, beside stock FluidSynth holding the same preset's A4
    // (at most FluidSynth's + 10 MB with Peach's SoundFont, + 20 MB with FluidR3_GM).
    for (label, path, preset, allowance) in [("Peach's own SoundFont", peach, "0:0", 10.0),
                                             ("FluidR3_GM (148 MB)", "/usr/share/sounds/sf2/FluidR3_GM.sf2", "0:0", 20.0)] {
        guard FileManager.default.fileExists(atPath: path) else {
            print("peak RSS with \(label): \(path) is not installed")
            continue
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--rss", path, preset]
        let pipe = Pipe()
        process.standardOutput = pipe
        do {
            try process.run()
            let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            let kilobytes = Int(text.split(separator: " ").first?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? -1
            print("peak RSS, engine with \(SoundEngine.defaultSlotCount) voices on \(label)".padding(toLength: 56, withPad: " ", startingAt: 0)
                  + String(format: "%10.1f MB", Double(kilobytes) / 1024))
            // The program itself: `peach play` holding the same A4 for 2 s into a WAV file, the
            // release build beside this one (as the player runs it, with its texts and calibration).
            let peach = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("peach").path
            let wav = FileManager.default.temporaryDirectory.appendingPathComponent("peach-bench-rss.wav").path
            defer { try? FileManager.default.removeItem(atPath: wav) }
            let played = childPeakRSS(peach, ["play", "A4", "--duration", "2", "--sound", path, "--preset", preset, "--output", wav])
            if let played {
                print("peak RSS, peach play A4 on \(label)".padding(toLength: 56, withPad: " ", startingAt: 0)
                      + String(format: "%10.1f MB", Double(played) / 1024))
            } else {
                print("peak RSS, peach play A4 on \(label): not measured (build peach first: make bench does)")
            }
            guard let stock = stockFluidSynthPeakRSS(soundFont: path) else {
                print("peak RSS of stock FluidSynth on \(label): not measured (is fluidsynth installed?)")
                continue
            }
            // Program against program (peach play, one slot: the claim), and the 8-slot engine
            // inside this bench, which carries the bench's own program too, whose code is not laid
            // out like peach's (Sources/Linking); `boxbench` compares peach run in the guest.
            let program = played.map { String(format: "peach play %+.1f MB; ", Double($0 - stock) / 1024) } ?? ""
            print("peak RSS, stock FluidSynth on \(label)".padding(toLength: 56, withPad: " ", startingAt: 0)
                  + String(format: "%10.1f MB  (%@the target: at most %+.0f; the engine in this bench %+.1f MB)",
                           Double(stock) / 1024, program, allowance, Double(kilobytes - stock) / 1024))
        } catch {
            print("peak RSS with \(label): \(error)")
        }
    }
}

/// Stock FluidSynth (Debian's `fluidsynth`, reverb and chorus off, rendering to /dev/null) with
/// the SoundFont loaded and A4 held on its first preset: its peak RSS in kB, nil when it cannot run.
func stockFluidSynthPeakRSS(soundFont: String) -> Int? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/fluidsynth")
    process.arguments = ["-a", "file", "-o", "audio.file.name=/dev/null", "-o", "audio.file.type=raw", "-R", "0", "-C", "0", soundFont]
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    defer { process.waitUntilExit() }
    // The shell reads commands only once the SoundFont is loaded: the peak is read once it has not
    // grown for a second (the load done and the note sounding).
    input.fileHandleForWriting.write(Data("noteon 0 69 100\n".utf8))
    var peak = 0, steadySince = Date()
    while Date().timeIntervalSince(steadySince) < 1, process.isRunning {
        Thread.sleep(forTimeInterval: 0.1)
        let now = peakRSSKilobytes(of: process.processIdentifier) ?? 0
        if now != peak { peak = now; steadySince = Date() }
    }
    input.fileHandleForWriting.write(Data("quit\n".utf8))
    try? input.fileHandleForWriting.close()
    return peak > 0 ? peak : nil
}

/// Render time per 256-frame period with one note sounding, Peach's engine against stock FluidSynth
/// holding the same key of the same preset: median, p99, and the ratios.
@MainActor
private func renderPeriods(engine: SoundEngine, soundFont: String) throws {
    let periods = 4000
    func timed(_ render: () -> Void) -> [Double] {
        (0..<periods).map { _ in
            let start = ContinuousClock.now
            render()
            return (ContinuousClock.now - start).seconds * 1e6
        }.sorted()
    }
    _ = try engine.play(frequency: Pitch(note: MIDINote(69), cents: 13.7).frequency(), velocity: .standard, amplitude: -18)
    let renderer = engine.renderer
    var block = [Float](repeating: 0, count: 256)
    let peach = block.withUnsafeMutableBufferPointer { buffer in
        timed { renderer.render(into: buffer.baseAddress!, frames: 256) }
    }
    try engine.stopAll()
    let stock = try StockSynthReference(soundFont: soundFont, preset: .standard)
    stock.noteOn(key: 69)
    let fluid = timed { stock.render(frames: 256) }
    guard stock.soundingVoices > 0 else {
        print("render per period: stock FluidSynth's note ended before the measurement did; no ratio")
        return
    }
    func figure(_ times: [Double], _ q: Double) -> Double { times[min(times.count - 1, Int(Double(times.count) * q))] }
    for (label, q) in [("median", 0.5), ("p99", 0.99)] {
        let line = "render per 256-frame period, 1 note, \(label): Peach / stock FluidSynth"
        print(line.padding(toLength: 68, withPad: " ", startingAt: 0)
              + String(format: "%7.1f / %6.1f µs  (%.1f×)", figure(peach, q), figure(fluid, q), figure(peach, q) / figure(fluid, q)))
    }
    print(String(format: "p99 as a share of the period (5.33 ms): %.1f %%", figure(peach, 0.99) / 5333 * 100))
    print("resampler loop, the faster of those this CPU runs (timed at start): \(NoteSlotRenderer.resamplesWithAVX2 ? "AVX2 and FMA" : "portable (SSE2 or NEON)")")
}
