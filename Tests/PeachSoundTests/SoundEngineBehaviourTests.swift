import Foundation
import PeachDomain
import Testing
@testable import PeachSound

/// Handles, timing, silence and clicks, in the rendered audio of the real engine.
@Suite("sound engine: handles, timing and clicks")
@MainActor
struct SoundEngineBehaviourTests {
    typealias Support = EngineTestSupport
    static let a4 = Support.frequency(69)

    /// The largest step a steady sine of this level and frequency takes: what "no click" is measured against.
    static func naturalStep(_ steady: ArraySlice<Float>, _ frequency: Frequency) -> Float {
        let peak = steady.map(abs).max() ?? 0
        return peak * Float(2 * Double.pi * frequency.rawValue / Support.rate)
    }

    @Test("start and stop make no click: no step at onset or release larger than the tone's own",
          arguments: [SoundFontPreset(bank: 0, program: 0), SoundFontPreset(bank: 0, program: 1), SoundFontPreset(bank: 0, program: 2)])
    func noClicks(preset: SoundFontPreset) throws {
        let (engine, sink) = try Support.engine(preset: preset)
        sink.render(seconds: 0.01)
        let handle = try engine.play(frequency: Self.a4, velocity: .standard, amplitude: .nominal)
        let onset = sink.render(seconds: 0.01)
        let early = sink.render(seconds: 0.03)
        // The steps the tone itself takes just after its attack: what a click would stand out from.
        let natural = Support.largestStep(early)
        #expect(natural > 0.001, "the note must sound")
        #expect(onset.first == 0 || abs(onset.first!) < natural, "the first sample is no jump from silence")
        #expect(Support.largestStep(onset) <= natural * 1.05, "onset step \(Support.largestStep(onset)) vs \(natural)")
        let held = sink.render(seconds: 0.2)
        let beforeRelease = Support.largestStep(held.suffix(960))
        try handle.stop()
        let release = sink.render(seconds: 0.3)
        #expect(Support.largestStep(release) <= beforeRelease * 1.05, "release step \(Support.largestStep(release)) vs \(beforeRelease)")
        #expect(release.suffix(4800).allSatisfy { $0 == 0 }, "the note must end")
    }

    @Test("adjustFrequency moves the pitch at once and without a click")
    func retuneWithoutClick() throws {
        let (engine, sink) = try Support.engine()
        let handle = try engine.play(frequency: Self.a4, velocity: .standard, amplitude: .nominal)
        let steady = sink.render(seconds: 0.2)
        let natural = Self.naturalStep(steady, Self.a4)
        let target = Self.a4.shifted(by: 95)
        try handle.adjustFrequency(target)
        let jump = sink.render(seconds: 0.05)
        #expect(Support.largestStep(jump) <= natural * pow(2, 95.0 / 1200) * 1.02)
        // No glide: the first 10 ms after the change are already at the new pitch.
        let error = Support.error(sink.render(seconds: 0.3).prefix(480 * 10), target)
        #expect(abs(error) < 0.1, "\(error)")
        _ = jump
        try handle.stop()
    }

    @Test("stopAll ramps everything down without a click and is silent within one buffer (256 frames)")
    func stopAllSilences() throws {
        let (engine, sink) = try Support.engine()
        _ = try engine.play(frequency: Self.a4, velocity: .standard, amplitude: .nominal)
        _ = try engine.play(frequency: Support.frequency(76), velocity: .standard, amplitude: .nominal)
        try engine.playCue(SampledSound(samples: (0..<48000).map { Float(sin(Double($0) * 0.05) * 0.3) }), amplitude: 0)
        let steady = sink.render(seconds: 0.2)
        try engine.stopAll()
        let buffer = sink.render(frames: 256)
        let after = sink.render(seconds: 0.2)
        #expect(after.allSatisfy { $0 == 0 }, "silent after one buffer")
        let steadyStep = Support.largestStep(steady)
        #expect(Support.largestStep(buffer) <= steadyStep * 1.05, "ramp step \(Support.largestStep(buffer)) vs \(steadyStep)")
        #expect(buffer.first.map { abs($0) > 0 } == true, "the ramp starts from the sounding level")
    }

    @Test("a timed note is released by the engine after its duration, within FluidSynth's block")
    func timedNote() throws {
        let (engine, sink) = try Support.engine()
        _ = try engine.play(frequency: Self.a4, duration: NoteDuration(seconds: 0.5)!, velocity: .standard, amplitude: .nominal)
        let audio = sink.render(seconds: 1.0)
        // Peach's Sine holds its level until released, then fades (80 ms): find where it starts to fall.
        let steadyPeak = audio[24000 - 2000..<24000 - 100].map(abs).max()!
        let heldUntil = (0..<audio.count).last { abs(audio[audio.startIndex + $0]) >= steadyPeak * 0.999 }!
        #expect(abs(heldUntil - 24000) <= 64 + 100, "released at frame \(heldUntil), asked 24000")
        #expect(audio.suffix(19200).allSatisfy { $0 == 0 }, "silent 100 ms after the release")
    }

    @Test("a second stop does nothing, and a stale handle never touches a note that reuses its slot")
    func staleHandles() throws {
        let (engine, sink) = try Support.engine()
        let old = try engine.play(frequency: Self.a4, velocity: .standard, amplitude: .nominal) as! SoundEngineNote
        sink.render(seconds: 0.1)
        try old.stop()
        try old.stop()
        sink.render(seconds: 0.5)
        // Every slot is free again; fill them all so the old slot is reused.
        var notes: [SoundEngineNote] = []
        for i in 0..<SoundEngine.defaultSlotCount {
            notes.append(try engine.play(frequency: Support.frequency(40 + 7 * i), velocity: .standard, amplitude: -18)
                as! SoundEngineNote)
        }
        let reused = try #require(notes.first { $0.slot == old.slot })
        #expect(reused.generation != old.generation)
        sink.render(seconds: 0.05)
        try old.stop()
        try old.adjustFrequency(Self.a4.shifted(by: 50))
        let audio = sink.render(seconds: 0.5)
        let reusedFrequency = Support.frequency(40 + 7 * notes.firstIndex { $0 === reused }!)
        #expect(abs(Support.error(audio, reusedFrequency)) < 0.1, "the new note keeps sounding at its pitch")
        #expect(audio.suffix(4800).map(abs).max()! > 0.001)
    }

    @Test("two handles on the same key are independent notes")
    func sameKeyTwice() throws {
        let (engine, sink) = try Support.engine()
        let first = try engine.play(frequency: Self.a4, velocity: .standard, amplitude: -6)
        let second = try engine.play(frequency: Support.frequency(69, cents: 3), velocity: .standard, amplitude: -6)
        sink.render(seconds: 0.1)
        try first.stop()
        sink.render(seconds: 0.3)
        let remaining = sink.render(seconds: 0.5)
        #expect(abs(Support.error(remaining, Support.frequency(69, cents: 3))) < 0.1, "the second note sounds on alone")
        try second.stop()
    }

    @Test("a cue is mixed in at its amplitude, sample for sample")
    func cueMixing() throws {
        let (engine, sink) = try Support.engine()
        let samples: [Float] = (0..<1000).map { Float($0 % 50) / 100 }
        try engine.playCue(SampledSound(samples: samples), amplitude: -6)
        let audio = Array(sink.render(frames: 1200))
        let gain = Float(AmplitudeDB(-6).linearGain)
        for i in 0..<1000 { #expect(abs(audio[i] - samples[i] * gain) < 1e-6) }
        #expect(audio[1000...].allSatisfy { $0 == 0 })
    }

    @Test("a 16-bit cue is mixed in at its amplitude, sample for sample, full scale 32768")
    func pcm16CueMixing() throws {
        let (engine, sink) = try Support.engine()
        let samples: [Int16] = (0..<1000).map { Int16(($0 % 50) * 1300 - 32_000) }
        try engine.playCue(SampledSound(pcm16: samples, sampleRate: 48_000), amplitude: -6)
        let audio = Array(sink.render(frames: 1200))
        let gain = Float(AmplitudeDB(-6).linearGain)
        for i in 0..<1000 { #expect(abs(audio[i] - Float(samples[i]) / 32768 * gain) < 1e-6) }
        #expect(audio[1000...].allSatisfy { $0 == 0 })
    }

    @Test("a 16-bit cue at 22,050 Hz is played at 48 kHz: a tone keeps its frequency and length")
    func pcm16CueAtAnotherRate() throws {
        let tone = (0..<22_050).map { Int16(10_000 * sin(2 * Double.pi * 440 * Double($0) / 22_050)) }
        let sound = SampledSound(pcm16: tone, sampleRate: 22_050)
        #expect(sound.count == 47_998, "one second at 48 kHz, up to the last sample")
        let frames = sound.frames
        let crossings = zip(frames, frames.dropFirst()).filter { $0.0 < 0 && $0.1 >= 0 }.count
        #expect(abs(crossings - 440) <= 1)
        // Between the samples the cubic follows the tone within 1.5 % of its amplitude (−36 dB; 0.9 %
        // measured at 440 Hz, the interpolation's error grows with frequency).
        let amplitude = 10_000.0 / 32768
        func expected(_ frame: Int) -> Double { amplitude * sin(2 * Double.pi * 440 * Double(frame) / 48_000) }
        let error = frames.indices.map { (frame: Int) -> Double in abs(Double(frames[frame]) - expected(frame)) }.max() ?? 1
        #expect(error < 0.015 * amplitude, "\(error)")
        let (engine, sink) = try Support.engine()
        try engine.playCue(sound, amplitude: -6)
        let audio = Array(sink.render(frames: 48_100))
        let gain = Float(AmplitudeDB(-6).linearGain)
        #expect(zip(audio, frames).allSatisfy { abs($0 - $1 * gain) < 1e-6 }, "the mixer plays the interpolated frames")
        #expect(audio[sound.count...].allSatisfy { $0 == 0 })
    }

    @Test("cues played long ago are let go; one still playing, or within the margin, is kept")
    func cuesLetGo() throws {
        let (engine, sink) = try Support.engine()
        let samples = [Float](repeating: 0.1, count: 4800)
        for _ in 0..<5 {
            try engine.playCue(SampledSound(samples: samples), amplitude: -6)
            sink.render(frames: 4800)
        }
        // 5 cues of 0.1 s within 0.5 s: every one is inside the margin still.
        #expect(engine.heldCueCount == 5)
        sink.render(frames: Int(SoundEngine.cueMargin) + 4800)
        let last = SampledSound(samples: samples)
        try engine.playCue(last, amplitude: -6)
        #expect(engine.heldCueCount == 1, "only the cue just played is held")
        let audio = Array(sink.render(frames: 4800))
        #expect(abs(audio[100] - 0.1 * Float(AmplitudeDB(-6).linearGain)) < 1e-6, "the held cue plays")
    }

    @Test("amplitude in dB sets the level: −20 dB is a tenth")
    func amplitude() throws {
        let (engine, sink) = try Support.engine()
        let loud = try engine.play(frequency: Self.a4, velocity: .standard, amplitude: 0)
        let loudPeak = sink.render(seconds: 0.3).suffix(4800).map(abs).max()!
        try loud.stop()
        sink.render(seconds: 0.5)
        _ = try engine.play(frequency: Self.a4, velocity: .standard, amplitude: -20)
        let softPeak = sink.render(seconds: 0.3).suffix(4800).map(abs).max()!
        #expect(abs(softPeak / loudPeak - 0.1) < 0.002)
    }

    @Test("bad input says what is wrong: a missing file, a missing preset, an unplayable frequency")
    func errors() throws {
        #expect(throws: SoundError.soundFontMissing(path: "/nope.sf2")) {
            _ = try SoundEngine(soundFont: "/nope.sf2", preset: .standard, calibration: .exact)
        }
        do {
            _ = try SoundEngine(soundFont: Support.peachSoundFont, preset: SoundFontPreset(bank: 3, program: 99), calibration: .exact)
            Issue.record("a missing preset must fail")
        } catch {
            #expect("\(error)".contains("no preset 3:99"))
            #expect("\(error)".contains("peach sounds"))
        }
        let (engine, _) = try Support.engine()
        #expect(throws: SoundError.self) { _ = try engine.play(frequency: 2, velocity: .standard, amplitude: 0) }
        let handle = try engine.play(frequency: Self.a4, velocity: .standard, amplitude: 0)
        #expect(throws: SoundError.self) { try handle.adjustFrequency(Frequency(20000)) }
    }
}
