import Foundation
import PeachDomain
import PeachPractice
import PeachSound
import PeachSpeech
import Testing
@testable import PeachBoxRuntime
@testable import PeachReports

/// `peach run`'s sound path rendered offline: the real engine (Peach's Sine), real eSpeak NG prompts
/// through `SpeechAnnouncer`, the real box and sessions, a scripted player on a manual clock, and
/// the output through the WAV sink — 10 ms of audio per 10 ms of clock, so a sample's index is its
/// time. Checks that speech sounds when it should, that no training note sounds with it, and its level.
@Suite("Spoken prompts in the rendered output")
@MainActor
struct SpokenPromptRenderTests {
    static let rate = NoteSlotRenderer.sampleRate
    static let step = 0.01

    /// The box of `peach run` with its engine and voice, minus the devices.
    @MainActor
    final class Rig {
        let clock = ManualTrainingClock()
        let engine: SoundEngine
        let sink: WAVFileSink
        let voice: SpeechAnnouncer
        let box: PracticeBox
        let noteRMS: Double
        /// Per 10 ms step: was a prompt being said, was a training note sounding.
        private(set) var steps: [(speaking: Bool, note: Bool)] = []

        init(voice settings: VoiceSettings) async throws {
            let path = try SoundFontLocator(executable: URL(fileURLWithPath: CommandLine.arguments[0])).locate()
            let cache = CalibrationCache(directory: FileManager.default.temporaryDirectory
                .appendingPathComponent("peach-speech-tests-\(ProcessInfo.processInfo.processIdentifier)"))
            let calibration = try cache.calibration(soundFont: path, preset: .standard).calibration
            engine = try SoundEngine(soundFont: path, preset: .standard, calibration: calibration)
            sink = WAVFileSink(renderer: engine.renderer)
            let training = FixedSettingsProvider()
            noteRMS = SoundSelection(path: path, preset: .standard, calibration: calibration)
                .nominalNoteRMS(velocity: training.currentSettings.velocity)
            voice = SpeechAnnouncer(engine: engine, clock: clock, noteRMS: noteRMS) { settings }
            await voice.prepare()
            let interruptions = TrainingInterruptionCenter()
            let profile = PerceptualProfile()
            let comparison = CompareTrainer(notePlayer: engine, profile: profile, observers: [profile], settings: training,
                                            clock: clock, gate: voice, interruptions: interruptions,
                                            random: SeededRandomGenerator(seed: 3))
            let matching = MatchTrainer(notePlayer: engine, observers: [profile], settings: training, clock: clock,
                                        gate: voice, interruptions: interruptions, random: SeededRandomGenerator(seed: 3))
            box = PracticeBox(comparison: comparison, matching: matching, interruptions: interruptions,
                              modeMemory: TransientModeMemory(nil), announcer: voice,
                              reports: ProfileReportSource(profile: profile, settings: training), texts: .english)
        }

        var now: Double { Double(steps.count) * SpokenPromptRenderTests.step }
        var samples: ArraySlice<Float> { sink.samples[...] }

        private var noteSounds: Bool {
            [.playingNote1, .playingNote2].contains(box.comparison.state)
                || [.playingReference, .playingTunable].contains(box.matching.state)
        }

        /// Renders 10 ms at a time until `done` (checked before each step) or `seconds` have passed.
        func run(seconds: Double, until done: () -> Bool = { false }) {
            let end = now + seconds
            while now < end - 1e-9, !done() {
                steps.append((voice.isSpeaking, noteSounds))
                clock.advance(by: .milliseconds(10))
                _ = sink.render(frames: Int(SpokenPromptRenderTests.step * SpokenPromptRenderTests.rate))
            }
        }

        /// The steps at which a prompt started.
        var promptStarts: [Double] {
            steps.indices.filter { steps[$0].speaking && ($0 == 0 || !steps[$0 - 1].speaking) }.map { Double($0) * SpokenPromptRenderTests.step }
        }

        var overlaps: [Double] {
            steps.indices.filter { steps[$0].speaking && steps[$0].note }.map { Double($0) * SpokenPromptRenderTests.step }
        }
    }

    /// The prompt as peach run plays it: eSpeak NG's samples read at 48 kHz.
    static func frames(of prompt: SpokenPrompt, in language: Language) throws -> [Float] {
        let said = try SpeechSynthesizer().speak(SpokenText.text(for: prompt, in: language), in: language)
        return SampledSound(pcm16: said.samples, sampleRate: said.sampleRate).frames
    }

    static func rms(_ samples: ArraySlice<Float>) -> Double {
        (samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(1, samples.count))).squareRoot()
    }

    /// The first sample at or after `time` louder than speech's quietest onset; its delay in seconds.
    static func onset(in samples: ArraySlice<Float>, after time: Double) -> Double? {
        let start = samples.startIndex + Int(time * rate)
        return samples[start...].firstIndex { abs($0) > 0.003 }.map { Double($0 - start) / rate }
    }

    @Test("plugging, a report, a mode switch and stop are each heard within 100 ms; no training note sounds with them")
    func scriptedSession() async throws {
        let rig = try await Rig(voice: VoiceSettings(isOn: true, level: AmplitudeDB(-6), language: .english))
        rig.box.controllerConnected("keys")
        rig.run(seconds: 10) { rig.box.comparison.state == .playingNote2 }
        let comparison = try #require(rig.box.comparison.currentExercise)
        rig.run(seconds: 0.3)
        // A right answer, then the report between exercises (its words synthesised first, off the clock).
        rig.box.handle(.answer(higher: comparison.isTargetHigher))
        await rig.voice.prepare([.report(rig.box.currentReport())])
        let reportAt = rig.now
        rig.box.handle(.report)
        rig.run(seconds: 15) { rig.box.comparison.state == .playingNote1 }
        rig.run(seconds: 0.3)
        // Switching mode in the middle of a note.
        let switchAt = rig.now
        rig.box.handle(.start(.match))
        rig.run(seconds: 10) { rig.box.matching.state == .awaitingTuning }
        let stopAt = rig.now
        rig.box.handle(.stop)
        rig.run(seconds: 2)

        #expect(rig.promptStarts == [0, reportAt, switchAt, stopAt])
        #expect(rig.overlaps.isEmpty, "a training note sounded while a prompt was said at \(rig.overlaps) s")
        for event in [0, reportAt, switchAt, stopAt] {
            let delay = try #require(Self.onset(in: rig.samples, after: event), "nothing sounded after \(event) s")
            #expect(delay <= 0.1, "the prompt at \(event) s began \(Int(delay * 1000)) ms after its cause")
        }
        // The first note starts only after "Hear and compare, single notes." has been said.
        let said = try Self.frames(of: .mode(.compare), in: .english)
        let firstNote = try #require(rig.steps.firstIndex { $0.note }).advanced(by: 0)
        #expect(Double(firstNote) * Self.step >= Double(said.count) / Self.rate)
        // The words are there: loud enough over the whole prompt, and silent between it and the note.
        #expect(Self.rms(rig.samples.prefix(said.count)) > rig.noteRMS / 4)
    }

    @Test("the voice is as loud as configured, relative to a training note, in either language", arguments: [
        (-6.0, Language.english), (-15.0, Language.german),
    ])
    func level(decibels: Double, language: Language) async throws {
        let rig = try await Rig(voice: VoiceSettings(isOn: true, level: AmplitudeDB(decibels), language: language))
        rig.box.controllerConnected("keys")
        rig.run(seconds: 10) { rig.box.comparison.state == .playingNote1 }
        let said = try Self.frames(of: .mode(.compare), in: language)
        let measured = 20 * log10(Self.rms(rig.samples.prefix(said.count)) / rig.noteRMS)
        print("FIGURE: voice at \(decibels) dB (\(language)): measured \(String(format: "%.2f", measured)) dB from the note")
        #expect(abs(measured - decibels) < 0.5)
        // And the training note that follows is at its own level (the reference the voice is set against).
        rig.run(seconds: 0.6)
        let note = rig.samples.suffix(Int(0.3 * Self.rate))
        #expect(abs(20 * log10(Self.rms(note) / rig.noteRMS)) < 1.5)
    }

    @Test("with the voice off nothing is said and training starts at once")
    func voiceOff() async throws {
        let rig = try await Rig(voice: VoiceSettings(isOn: false, level: AmplitudeDB(-6), language: .english))
        rig.box.controllerConnected("keys")
        #expect(rig.box.comparison.state == .playingNote1)
        rig.run(seconds: 3)
        #expect(rig.promptStarts.isEmpty)
    }
}
