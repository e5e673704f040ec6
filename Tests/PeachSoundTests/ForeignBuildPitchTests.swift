import Foundation
import Testing
@testable import PeachSound

/// Measures the notes another build of Peach rendered into WAV files (`make arm64-check`: the aarch64
/// `peach play` under qemu-user), natively on this machine: each within 0.0001 cent of its request.
/// `notes.txt` in $PEACH_FOREIGN_BUILD_WAVS names them, a line each: MIDI-NOTE CENTS FILE.
@Suite("notes rendered by another build (make arm64-check)",
       .enabled(if: ProcessInfo.processInfo.environment["PEACH_FOREIGN_BUILD_WAVS"] != nil))
struct ForeignBuildPitchTests {
    static var folder: URL { URL(fileURLWithPath: ProcessInfo.processInfo.environment["PEACH_FOREIGN_BUILD_WAVS"] ?? ".") }

    @Test("each rendered note is within 0.0001 cent of the pitch asked for")
    func renderedPitch() throws {
        let list = try String(contentsOf: Self.folder.appendingPathComponent("notes.txt"), encoding: .utf8)
        let requests = list.split(separator: "\n").map { $0.split(separator: " ") }
        try #require(!requests.isEmpty, "notes.txt names no rendered note")
        for request in requests {
            let midi = try #require(Double(request[0])), cents = try #require(Double(request[1]))
            let file = String(request[2])
            let expected = 440 * pow(2, (midi - 69 + cents / 100) / 12)
            let (samples, rate) = try WAVFile.read(Self.folder.appendingPathComponent(file))
            // The sustained stretch: where the note sounds (above −40 dBFS), less 0.2 s at each end.
            let loud = samples.indices.filter { abs(samples[$0]) > 0.01 }
            let first = try #require(loud.first, "\(file) is silent"), last = try #require(loud.last)
            let start = first + rate / 5, end = last - rate / 5
            try #require(end - start > rate / 2, "\(file): less than half a second of sound")
            let estimate = try #require(PitchEstimator().estimate(Array(samples[start..<end]), sampleRate: Double(rate), near: expected))
            let error = estimate.cents(from: expected)
            print("FIGURE: \(file): \(String(format: "%.4f", expected)) Hz asked, \(String(format: "%+.2e", error)) ct off")
            #expect(abs(error) < 0.0001, "\(file): \(error) cents")
        }
    }
}
