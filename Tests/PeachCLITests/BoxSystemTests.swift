import Foundation
import PeachDomain
import PeachMIDI
import PeachSound
import PeachStorage
import Testing

/// Runs in the QEMU guest only (Tests/System/guest-box.sh): checks what `peach run` recorded in its
/// history and what came out of the loopback sound card while the emulated keyboard played it.
@Suite("peach run with a USB keyboard and snd-aloop (system test)",
       .enabled(if: ProcessInfo.processInfo.environment["PEACH_SYSTEM_TEST"] == "1"))
@MainActor
struct BoxSystemTests {
    static var out: URL { URL(fileURLWithPath: ProcessInfo.processInfo.environment["PEACH_SYSTEM_TEST_OUT"] ?? ".") }
    static let rate = 48_000.0

    private func history() throws -> TrainingDataStore {
        let directory = ProcessInfo.processInfo.environment["PEACH_BOX_DATA"] ?? Self.out.appendingPathComponent("data").path
        return try #require(try TrainingDataStore.open(DataLocation(directory: URL(fileURLWithPath: directory)), create: false))
    }

    /// Guest-clock marks from the script, in seconds after the recording started.
    private func timeline() throws -> [String: Double] {
        let text = try String(contentsOf: Self.out.appendingPathComponent("timeline.txt"), encoding: .utf8)
        var marks: [String: Double] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let microseconds = Double(parts[1]) { marks[String(parts[0])] = microseconds / 1e6 }
        }
        let start = try #require(marks["recording-started"])
        return marks.mapValues { $0 - start }
    }

    private func recording() throws -> [Float] {
        let (samples, rate) = try WAVFile.read(Self.out.appendingPathComponent("box.wav"))
        #expect(Double(rate) == Self.rate)
        return samples
    }

    @Test("answers by keys and by wheel flicks are recorded, correct or wrong as given")
    func comparisons() throws {
        let records = try history().allComparisons().sorted { $0.timestamp < $1.timestamp }
        try #require(records.count == 4, "\(records)")
        // What the player answered: higher (key C5), lower (key C3), higher (flick up), lower (flick down).
        let answeredHigher = records.map { $0.isCorrect == ($0.centOffset.rawValue > 0) }
        #expect(answeredHigher == [true, false, true, false])
    }

    @Test("the spring-back release records the value held before it, not the centre")
    func pitchMatching() throws {
        let records = try history().allPitchMatchings()
        try #require(records.count == 1, "no record, or a partial one after the unplug: \(records)")
        let record = records[0]
        // Tuned to +3000, back to +2000 and held there, then the snap back: +2000 is what was held.
        let held = WheelPosition.outsideNeutralZone(WheelPosition.normalized(pitchBend: 2000), neutralZone: 0.03)
        let tuned = record.userCentError.rawValue - record.initialCentOffset.rawValue
        print("RESULT: tuned \(String(format: "%+.3f", tuned)) ¢ from the start; held \(String(format: "%+.3f", held * 100)) ¢")
        #expect(abs(tuned - held * 100) < 0.1)
    }

    @Test("the first comparison sounds at its two exact pitches")
    func firstComparisonPitches() throws {
        let samples = try recording()
        let first = try #require(try history().allComparisons().min { $0.timestamp < $1.timestamp })
        let marks = try timeline()
        let plug = Int(try #require(marks["plug"]) * Self.rate)
        let onset = try #require(samples[max(0, plug)...].firstIndex { abs($0) > 0.01 }, "nothing sounded after the plug")
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
        #expect(try history().allPitchMatchings().count == 1)
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
