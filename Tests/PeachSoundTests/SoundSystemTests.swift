import Foundation
import Testing
@testable import PeachSound

/// Measures what came back through the real kernel's ALSA loopback in the QEMU guest
/// (Tests/System/guest-sound.sh). Runs on the host once the guest has ended (Tests/System/run.sh).
@Suite("sound through ALSA into snd-aloop (system test)",
       .enabled(if: ProcessInfo.processInfo.environment["PEACH_SYSTEM_TEST"] == "1"))
struct SoundSystemTests {
    static var out: URL { URL(fileURLWithPath: ProcessInfo.processInfo.environment["PEACH_SYSTEM_TEST_OUT"] ?? ".") }

    @Test("the recording of A4 +0.3 ct is within 0.1 cent")
    func recordedPitch() throws {
        let (samples, rate) = try WAVFile.read(Self.out.appendingPathComponent("loopback.wav"))
        #expect(rate == 48000)
        // The stretch where the note sounds (above −40 dBFS), less 50 ms at each end.
        let loud = samples.indices.filter { abs(samples[$0]) > 0.01 }
        let first = try #require(loud.first), last = try #require(loud.last)
        let start = first + 2400, end = last - 2400
        try #require(end - start > 48000, "less than a second of sound was recorded (\(first)…\(last))")
        let expected = 440 * pow(2, 0.3 / 1200)
        let estimate = try #require(PitchEstimator().estimate(Array(samples[start..<end]), sampleRate: 48000, near: expected))
        let error = estimate.cents(from: expected)
        print("FIGURE: pitch recorded through snd-aloop: \(String(format: "%+.5f", error)) ct off (\(String(format: "%.2f", Double(end - start) / 48000)) s measured, drift \(String(format: "%.4f", estimate.drift)) ct)")
        #expect(abs(error) < 0.1)
        #expect(estimate.isSteady, "a glitch or dropout would break the phase: \(estimate)")
    }
}
