import Foundation
import PeachDomain
import Testing
@testable import PeachSound

/// Renders offline through the real engine and measures the pitch of the audio it made.
@Suite("sound engine: exact pitch in the rendered audio")
@MainActor
struct SoundEnginePitchTests {
    typealias Support = EngineTestSupport

    @Test("a grid of notes × offsets × reference pitches sounds within 0.1 cent",
          arguments: [380.0, 440.0, 500.0])
    func grid(reference: Double) throws {
        let (engine, sink) = try Support.engine()
        var worst = 0.0
        for note in [21, 33, 47, 60, 69, 78, 95, 108] {
            for offset in [0, 0.1, -0.1, 0.3, -0.3, 49.9, -49.9, 99.7, -99.7] {
                let frequency = Support.frequency(note, cents: offset, reference: reference)
                let handle = try engine.play(frequency: frequency, velocity: .standard, amplitude: .nominal)
                sink.render(seconds: 0.02)
                let error = Support.error(sink.render(seconds: Support.measuringSeconds(frequency)), frequency)
                try handle.stop()
                sink.render(seconds: 0.1)
                worst = max(worst, abs(error))
                #expect(abs(error) < 0.1, "note \(note) \(offset) ct at A=\(reference): off by \(error) ct")
            }
        }
        print("pitch grid at A=\(reference): worst error \(worst) ct")
    }

    @Test("a note adjusted several times while sounding is exact after each move")
    func adjustedWhileSounding() throws {
        let (engine, sink) = try Support.engine()
        let base = Support.frequency(62)
        let handle = try engine.play(frequency: base, velocity: .standard, amplitude: .nominal)
        for cents in [0, 13.3, -57.1, 0.1, 99.7, -150.0, 0.3] {
            let frequency = base.shifted(by: Cents(cents))
            try handle.adjustFrequency(frequency)
            sink.render(seconds: 0.01)
            let error = Support.error(sink.render(seconds: 0.4), frequency)
            #expect(abs(error) < 0.1, "adjusted to \(cents) ct: off by \(error) ct")
        }
        try handle.stop()
    }

    @Test("two notes at once with different offsets keep their own pitch; moving one leaves the other")
    func twoOverlappingNotes() throws {
        let (engine, sink) = try Support.engine()
        let low = Support.frequency(57, cents: 0.3)
        let high = Support.frequency(64, cents: -49.9)
        let first = try engine.play(frequency: low, velocity: .standard, amplitude: -6)
        let second = try engine.play(frequency: high, velocity: .standard, amplitude: -6)
        sink.render(seconds: 0.02)
        let together = sink.render(seconds: 0.6)
        #expect(abs(Support.error(together, low)) < 0.1)
        #expect(abs(Support.error(together, high)) < 0.1)
        let moved = low.shifted(by: 17.7)
        try first.adjustFrequency(moved)
        sink.render(seconds: 0.02)
        let after = sink.render(seconds: 0.6)
        #expect(abs(Support.error(after, moved)) < 0.1)
        #expect(abs(Support.error(after, high)) < 0.1, "the other note must not move")
        try first.stop()
        try second.stop()
    }

    @Test("a SoundFont that is out of tune (FluidR3's Sine Wave, about +4 ct) is corrected by calibration",
          .enabled(if: FileManager.default.fileExists(atPath: EngineTestSupport.fluidR3)))
    func calibratedForeignSoundFont() throws {
        let preset = SoundFontPreset(bank: 8, program: 80)
        let calibration = try Support.calibration(Support.fluidR3, preset)
        let deviation = try #require(calibration.cents(ofKey: 69))
        #expect(abs(deviation - 3.93) < 0.1, "FluidR3's sine measures \(deviation) ct")
        #expect(calibration.isStable)
        let (engine, sink) = try Support.engine(soundFont: Support.fluidR3, preset: preset)
        for (note, offset) in [(45, 0.3), (69, -49.9), (88, 99.7)] {
            let frequency = Support.frequency(note, cents: offset)
            let handle = try engine.play(frequency: frequency, velocity: .standard, amplitude: .nominal)
            sink.render(seconds: 0.05)
            let error = Support.error(sink.render(seconds: 0.5), frequency)
            #expect(abs(error) < 0.1, "FluidR3 note \(note) \(offset) ct: off by \(error) ct")
            try handle.stop()
            sink.render(seconds: 0.3)
        }
    }
}
