import Dispatch
import Foundation
import PeachDomain
@testable import PeachSound

/// Engines for the tests: Peach's own SoundFont (found from the test bundle, as `peach` finds it)
/// with its calibration measured once per test run into a private cache.
@MainActor
enum EngineTestSupport {
    nonisolated static let fluidR3 = "/usr/share/sounds/sf2/FluidR3_GM.sf2"
    nonisolated static let timGM = "/usr/share/sounds/sf2/TimGM6mb.sf2"
    static let rate = NoteSlotRenderer.sampleRate

    static var peachSoundFont: String {
        (try? SoundFontLocator(executable: URL(fileURLWithPath: CommandLine.arguments[0])).locate()) ?? "SoundFonts/peach.sf2"
    }

    static let cache = CalibrationCache(directory: FileManager.default.temporaryDirectory
        .appendingPathComponent("peach-sound-tests-\(ProcessInfo.processInfo.processIdentifier)"))

    private static var calibrations: [String: NoteCalibration] = [:]

    static func calibration(_ path: String, _ preset: SoundFontPreset) throws -> NoteCalibration {
        let key = "\(path) \(preset)"
        if let known = calibrations[key] { return known }
        let measured = try cache.calibration(soundFont: path, preset: preset).calibration
        calibrations[key] = measured
        return measured
    }

    /// An engine on Peach's Sine (or another preset) and an offline sink that drives it.
    static func engine(soundFont: String? = nil, preset: SoundFontPreset = .standard) throws -> (SoundEngine, WAVFileSink) {
        let path = soundFont ?? peachSoundFont
        let engine = try SoundEngine(soundFont: path, preset: preset, calibration: try calibration(path, preset))
        return (engine, WAVFileSink(renderer: engine.renderer))
    }

    static func frequency(_ note: Int, cents: Double = 0, reference: Double = 440) -> Frequency {
        Pitch(note: MIDINote(note), cents: Cents(cents)).frequency(referencePitch: Frequency(reference))
    }

    /// The pitch error in cents of `samples` against `frequency`, measured on the audio.
    static func error(_ samples: ArraySlice<Float>, _ frequency: Frequency) -> Double {
        guard let estimate = PitchEstimator().estimate(Array(samples), sampleRate: rate, near: frequency.rawValue) else {
            return .infinity
        }
        return estimate.cents(from: frequency.rawValue)
    }

    /// Seconds long enough for the estimator at this frequency (30 periods, at least 0.3 s).
    static func measuringSeconds(_ frequency: Frequency) -> Double { max(0.3, 40 / frequency.rawValue) }

    /// On another thread, as the input and audio threads do while the main actor is busy (it waits
    /// here): `move`, then `frames` frames rendered. Nil when that thread did not finish in a minute
    /// (it waited for the main actor).
    static func renderOnAnotherThread(_ renderer: NoteSlotRenderer, frames: Int, after move: @escaping @Sendable () -> Void)
        -> [Float]? {
        let measured = RenderedSamples()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            move()
            let samples = UnsafeMutablePointer<Float>.allocate(capacity: frames)
            renderer.render(into: samples, frames: frames)
            measured.samples = Array(UnsafeBufferPointer(start: samples, count: frames))
            samples.deallocate()
            done.signal()
        }
        return done.wait(timeout: .now() + 60) == .success ? measured.samples : nil
    }

    /// Largest sample-to-sample step in a range.
    static func largestStep(_ samples: ArraySlice<Float>) -> Float {
        var largest: Float = 0
        var previous = samples.first ?? 0
        for value in samples {
            largest = max(largest, abs(value - previous))
            previous = value
        }
        return largest
    }
}

/// Samples handed from the rendering thread to the test (after the semaphore).
private final class RenderedSamples: @unchecked Sendable {
    var samples: [Float] = []
}
