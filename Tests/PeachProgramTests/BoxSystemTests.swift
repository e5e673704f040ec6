import Foundation
import PeachDomain
import PeachMIDI
import PeachPractice
import PeachSound
import PeachSpeech
import PeachStorage
import PeachTestSupport
import Testing

/// Checks what `peach run` recorded in its history and what came out of the loopback sound card
/// while the emulated keyboard played it in the QEMU guest (Tests/System/guest-box.sh). Runs on the
/// host once the guest has ended (Tests/System/run.sh), on the results the guest left. The tour of
/// the controls the first plug-in began is checked in BoxSystemTests+Tour.swift.
@Suite("peach run with a USB keyboard and snd-aloop (system test)",
       .enabled(if: ProcessInfo.processInfo.environment["PEACH_SYSTEM_TEST"] == "1"))
@MainActor
struct BoxSystemTests {
    static var out: URL { URL(fileURLWithPath: ProcessInfo.processInfo.environment["PEACH_SYSTEM_TEST_OUT"] ?? ".") }
    static let rate = 48_000.0

    func history() throws -> HistoryStore {
        try #require(try HistoryStore.open(DataLocation(directory: Self.out.appendingPathComponent("data")), create: false))
    }

    /// Guest-clock marks from the script, in seconds after the recording started.
    func timeline() throws -> [String: Double] {
        let text = try String(contentsOf: Self.out.appendingPathComponent("timeline.txt"), encoding: .utf8)
        var marks: [String: Double] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let microseconds = Double(parts[1]) { marks[String(parts[0])] = microseconds / 1e6 }
        }
        let start = try #require(marks["recording-started"])
        return marks.mapValues { $0 - start }
    }

    func recording() throws -> [Float] {
        let (samples, rate) = try WAVFile.read(Self.out.appendingPathComponent("box.wav"))
        #expect(Double(rate) == Self.rate)
        return samples
    }

    @Test("answers by keys and by wheel flicks are recorded, correct or wrong as given")
    func compareAnswers() throws {
        let records = try history().allCompareAnswers().sorted { $0.timestamp < $1.timestamp }
        try #require(records.count == 4, "\(records)")
        // What the player answered: higher (key C5), lower (key C3), higher (flick up), lower (flick down).
        let answeredHigher = records.map { $0.isCorrect == ($0.centOffset.rawValue > 0) }
        #expect(answeredHigher == [true, false, true, false])
    }

    @Test("the spring-back release records the value held before it, not the centre")
    func pitchMatching() throws {
        let records = try history().allMatchAnswers()
        try #require(records.count == 1, "no record, or a partial one after the unplug: \(records)")
        let record = records[0]
        // Tuned to +3000, back to +2000 and held there, then the snap back: +2000 is what was held.
        let held = WheelPosition.outsideNeutralZone(WheelPosition.normalized(pitchBend: 2000), neutralZone: 0.03)
        let tuned = record.userCentError.rawValue - record.initialCentOffset.rawValue
        print("RESULT: tuned \(String(format: "%+.3f", tuned)) ¢ from the start; held \(String(format: "%+.3f", held * 100)) ¢")
        #expect(abs(tuned - held * 100) < 0.1)
    }

    /// The samples of a prompt as peach run says it (English, the guest's configuration), made the
    /// way it made them. eSpeak NG's words depend a little on what the same process said before (a
    /// clause after a long prompt came out 50 ms longer, its loudness contour matching 0.7): the box
    /// makes its fixed prompts in one `peach speak` at the start, in `SpokenPrompt.fixed`'s order,
    /// and every other prompt in a `peach speak` of its own.
    static func words(_ prompt: SpokenPrompt) async throws -> [Float] {
        let text = SpokenText.text(for: prompt, in: .english)
        if let made = made[text] { return made }
        let batch = SpokenPrompt.fixed.contains(prompt) ? SpokenPrompt.fixed.map { SpokenText.text(for: $0, in: .english) } : [text]
        var results: [Result<SpokenSamples, SpeechFailure>] = []
        for await result in SpeechProcess(executable: BuiltProgram.peach.path).speak(batch, in: .english) { results.append(result) }
        try #require(results.count == batch.count, "peach speak made \(results.count) of \(batch.count) prompts")
        for (said, result) in zip(batch, results) {
            let samples = try result.get()
            made[said] = SampledSound(pcm16: samples.samples, sampleRate: samples.sampleRate).frames
        }
        return try #require(made[text])
    }

    /// The prompts made so far, by their words.
    private static var made: [String: [Float]] = [:]

    /// RMS per 10 ms frame.
    static func envelope(_ samples: ArraySlice<Float>) -> [Double] {
        stride(from: samples.startIndex, to: samples.endIndex - 479, by: 480).map { start in
            (samples[start..<(start + 480)].reduce(0.0) { $0 + Double($1) * Double($1) } / 480).squareRoot()
        }
    }

    static func correlation(_ a: ArraySlice<Double>, _ b: ArraySlice<Double>) -> Double {
        let n = Double(a.count), meanA = a.reduce(0, +) / n, meanB = b.reduce(0, +) / n
        var ab = 0.0, aa = 0.0, bb = 0.0
        for (x, y) in zip(a, b) {
            ab += (x - meanA) * (y - meanB)
            aa += (x - meanA) * (x - meanA)
            bb += (y - meanB) * (y - meanB)
        }
        return aa > 0 && bb > 0 ? ab / (aa * bb).squareRoot() : 0
    }

    /// Where the words of `prompt` (synthesised here by the same eSpeak NG) are in the recording
    /// between `from` and `to` seconds: the sample where they begin and how well the loudness
    /// contour matches (Pearson, 10 ms frames; a steady training note or silence scores near 0).
    /// `seconds`: only the prompt's first words, for one cut off.
    func findSpoken(_ prompt: SpokenPrompt, in samples: [Float], from: Double, to: Double,
                    seconds: Double? = nil) async throws -> (start: Int, match: Double) {
        let all = try await Self.words(prompt)
        let words = seconds.map { Array(all.prefix(Int($0 * Self.rate))) } ?? all
        let spoken = Self.envelope(words[...])
        let first = max(0, Int(from * Self.rate)), last = min(samples.count - words.count, Int(to * Self.rate))
        try #require(first < last, "the recording ends before the prompt could")
        let heard = Self.envelope(samples[first..<(last + words.count)])
        var best = (frame: 0, match: -1.0)
        for frame in 0...(heard.count - spoken.count) {
            let match = Self.correlation(spoken[...], heard[frame..<(frame + spoken.count)])
            if match > best.match { best = (frame, match) }
        }
        return (first + best.frame * 480, best.match)
    }

    /// The first training note: the first sound once the mode's name has been said after the tour's skip.
    private func firstNoteOnset(_ samples: [Float]) async throws -> Int {
        let skip = try #require(try timeline()["skip"])
        let said = try await findSpoken(.mode(.compare), in: samples, from: skip - 0.3, to: skip + 30)
        let words = try await Self.words(.mode(.compare))
        return try #require(samples[(said.start + words.count)...].firstIndex { abs($0) > 0.01 }, "no note after the prompt")
    }

    @Test("skipping the tour: the mode is said at once, and the first training note comes after it")
    func speechBeforeFirstNote() async throws {
        let samples = try recording()
        let skip = try #require(try timeline()["skip"])
        let said = try await findSpoken(.mode(.compare), in: samples, from: skip - 0.3, to: skip + 30)
        let delay = Double(said.start) / Self.rate - skip
        print("FIGURE: skip → \"Hear and compare\" in the recording: \(Int(delay * 1000)) ms, contour match \(String(format: "%.3f", said.match))")
        #expect(said.match > 0.9, "the words were not found after the skip (best match \(said.match))")
        // At once, cutting off the tour's prompt (5 s of it were left): the MIDI, a render period and
        // the output's buffer (341 ms), the guest's clock against the recording (±300 ms).
        #expect(delay < 1.5, "the mode was said \(delay) s after the skip")
        let note = try await firstNoteOnset(samples)
        #expect(note > said.start, "the note did not follow the prompt")
    }

    @Test("a chord on E (keys only) switches to Tune & Match, and the box says so")
    func chordSwitchesToMatching() async throws {
        let samples = try recording()
        let marks = try timeline()
        let chord = try #require(marks["chord"])
        // Up to the unplug: the replug says the same words again, and must not be taken for these.
        let said = try await findSpoken(.mode(.match), in: samples, from: chord - 0.3, to: try #require(marks["unplug"]))
        print("FIGURE: chord → \"Tune and match\" in the recording: \(Int((Double(said.start) / Self.rate - chord) * 1000)) ms, contour match \(String(format: "%.3f", said.match))")
        #expect(said.match > 0.9, "the mode was not said after the chord (best match \(said.match))")
        #expect(Double(said.start) / Self.rate > chord - 0.3)
        let log = try String(contentsOf: Self.out.appendingPathComponent("peach.log"), encoding: .utf8)
        #expect(log.contains("starting match"))
    }

    @Test("the first comparison sounds at its two exact pitches")
    func firstComparisonPitches() async throws {
        let samples = try recording()
        let first = try #require(try history().allCompareAnswers().min { $0.timestamp < $1.timestamp })
        let onset = try await firstNoteOnset(samples)
        let reference = Pitch(note: first.referenceNote).frequency(referencePitch: .concert440).rawValue
        let target = first.referenceNote.pitch(at: first.interval, in: first.tuningSystem)!
            .detuned(by: first.centOffset).frequency(referencePitch: .concert440).rawValue
        for (name, start, expected) in [("reference", onset + 7_200, reference), ("target", onset + 55_200, target)] {
            let segment = Array(samples[start..<(start + 36_000)])
            let estimate = try #require(PitchEstimator().estimate(segment, sampleRate: Self.rate, near: expected))
            let error = estimate.cents(from: expected)
            print("FIGURE: \(name) note of the first comparison through snd-aloop: \(String(format: "%+.4f", error)) ¢ off")
            #expect(abs(error) < 0.1)
        }
    }

    @Test("SIGTERM while the tunable note sounds silences it, and records nothing for it")
    func sigtermSilences() throws {
        let samples = try recording()
        let sigterm = Int(try #require(try timeline()["sigterm"]) * Self.rate)
        try #require(sigterm < samples.count)
        let lastSound = samples[sigterm...].lastIndex { abs($0) > 0.003 } ?? sigterm
        let milliseconds = Double(lastSound - sigterm) / Self.rate * 1000
        print("FIGURE: SIGTERM → silence: \(Int(milliseconds)) ms (guest clock vs recording, ±300 ms; emulated guest)")
        #expect(lastSound < sigterm + Int(1.0 * Self.rate), "still sounding \(Int(milliseconds)) ms after SIGTERM")
        #expect(try history().allMatchAnswers().count == 1)
    }

    @Test("unplugging silences the tunable note within a moment, and replugging sounds again")
    func unplugSilences() throws {
        let samples = try recording()
        let marks = try timeline()
        let unplug = Int(try #require(marks["unplug"]) * Self.rate)
        let replug = Int(try #require(marks["replug"]) * Self.rate)
        // When the script saw peach log the disconnection: a loaded emulated host can take seconds
        // to get there; from then on only the sound already in the buffer may still play.
        let reported = Int(try #require(marks["unplug-reported"]) * Self.rate)
        try #require(unplug < replug && replug < samples.count)
        // Before the mark when the guest's clock and the recording disagree by more than the delay.
        let lastSound = samples[unplug..<replug].lastIndex { abs($0) > 0.003 } ?? unplug
        let milliseconds = Double(lastSound - unplug) / Self.rate * 1000
        print("FIGURE: unplug → silence: \(Int(milliseconds)) ms (guest clock vs recording, ±300 ms; emulated guest)")
        // guest-box.sh's buffer: 4 periods of 4096 frames; 0.5 s for the guest clock against the recording.
        let buffered = Int(4.0 * 4096 + 0.5 * Self.rate)
        #expect(lastSound < max(unplug + Int(1.5 * Self.rate), reported + buffered),
                "still sounding \(Int(milliseconds)) ms after the unplug, \((lastSound - reported) * 1000 / Int(Self.rate)) ms after it was reported")
        #expect(samples[replug...].contains { abs($0) > 0.01 }, "no sound after the replug")
    }
}
