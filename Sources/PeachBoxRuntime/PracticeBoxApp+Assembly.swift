import Foundation
import Logging
import PeachOptions
import PeachConfig
import PeachDomain
import PeachMIDI
import PeachPractice
import PeachSound
import PeachSpeech
import PeachStorage
import PeachText
import PeachUdev
import PeachYAML
import UnixSignals

/// The composition root: the practice box built from its parts, and its audio output opened last.
extension PracticeBoxApp {
    static func assemble(configLocation: ConfigurationLocation, storeOptions: StoreOptions, audioDeviceOverride: String?,
                         modeOverride: TrainingMode?, keyboard: KeyboardUse, version: String) async throws -> PracticeBoxApp {
        let logger = Logger(label: "peach.run")
        let configuration: LiveConfiguration
        do {
            configuration = try LiveConfiguration(location: configLocation, reader: ConfigurationReader(texts: CommandLineTexts.current))
        } catch {
            throw CommandFailure(CommandLineTexts.current.text(.runConfigurationInvalid, CommandLineTexts.current.describe(error)))
        }
        let settings = configuration.configuration
        // The configuration's language, else the environment's; a reload that changes it switches it.
        let texts = LiveTexts(configuration.language)
        let mappings = settings.mappingLibrary
        let problems = RunChecks.configurationProblems(settings, origins: configuration.origins)
        guard problems.isEmpty else {
            throw CommandFailure(texts.current.text(.runConfigurationInvalid, problems.joined(separator: "\n")))
        }

        guard let history = try storeOptions.openStore(create: true) else {
            throw CommandFailure(texts.current.text(.runCannotOpenHistory, storeOptions.location.directory.path))
        }
        let clock = SystemTrainingClock()
        let start: PracticeStart
        do {
            // Reads only the answers since the profile's checkpoint: the start does not grow with the history.
            start = try PracticeStart.prepare(history, clock: clock, texts: texts)
        } catch {
            throw CommandFailure(texts.current.text(.runCannotReadHistory, texts.current.describe(error)))
        }
        let answers = start.answers
        let profile = start.profile

        let (sound, engine) = try RunChecks.sound(settings, origins: configuration.origins)
        let device = audioDeviceOverride ?? settings.audio.device
        // Opened last (below), once everything else is ready: see `startOutput`.
        let output = ALSAPCMOutput(renderer: engine.renderer, configuration: ALSAPCMOutput.Configuration(
            device: device, periodFrames: settings.audio.periodFrames, periodCount: settings.audio.periods,
            realtimePriority: Int32(settings.audio.realtimePriority), enlargesBufferOnUnderruns: settings.audio.growsBuffer))

        let interruptions = TrainingInterruptionCenter()
        let announcer = FeedbackAnnouncer()
        let noteRMS = Self.nominalNoteRMS(sound, velocity: settings.training.velocity)
        // eSpeak NG runs in `peach speak`, this very program in a process of its own (`SpeechProcess`).
        let speech = SpeechProcess(executable: SpeechProcess.thisProgram)
        let voice = SpeechAnnouncer(engine: engine, speech: speech, clock: clock, noteRMS: noteRMS) { [configuration] in
            configuration.voiceSettings
        }
        // Fixed prompts are synthesised while the rest is built, and are ready before the device opens.
        let prompts = Task { await voice.prepare() }
        let results = ResultLog(profile: profile, settings: configuration, texts: texts)
        let comparison = ComparisonSession(
            notePlayer: engine, profile: profile, observers: [answers, profile, results, announcer],
            settings: configuration, clock: clock, gate: voice, interruptions: interruptions)
        // Wheel moves reach the tunable note from the sequencer's input thread, not the main actor.
        let tuning = DirectTuning()
        let matching = PitchMatchingSession(
            notePlayer: engine, observers: [answers, profile, results, announcer], settings: configuration,
            clock: clock, gate: voice, interruptions: interruptions, shortcut: tuning)
        let memory = FileModeMemory(file: storeOptions.location.directory.appendingPathComponent("last-mode"))
        let box = PracticeBox(comparison: comparison, matching: matching, interruptions: interruptions,
                              modeMemory: memory, modeOverride: modeOverride, alerts: announcer, announcer: voice,
                              reports: ProfileReportSource(profile: profile, settings: configuration), texts: texts)
        answers.onEvent = { [weak box] event in
            switch event {
            case .refused(let reason, let journaled): box?.historyRefused(reason, keptInJournal: journaled)
            case .journalFailed(let reason): box?.historyRefused(reason, keptInJournal: false)
            case .recovered: box?.historyRecovered()
            }
        }
        if answers.isHolding { box.historyRefused(texts.current.text(.runJournalRefused), keptInJournal: true) }

        var sequencer: SequencerClient?
        for problem in mappings.problems { logger.warning("\(texts.current.text(.runMappingSkipped, texts.current.describe(problem.errors)))") }
        let library = mappings.assigning(settings.controllers.assignments.map { ($0.pattern, $0.mapping) })
        do {
            sequencer = try SequencerClient(mappings: library, tuning: tuning, texts: texts)
        } catch {
            // Waited for: the snd-seq module may load later (the run loop tries again).
            let waiting = texts.current.text(keyboard == .never ? .runWaitingForSequencer : .runWaitingForSequencerWithKeyboard, texts.current.describe(error))
            logger.warning("\(waiting)")
        }
        var soundCards: SoundCardMonitor?
        do {
            soundCards = try SoundCardMonitor()
        } catch {
            logger.warning("\(texts.current.text(.runNoSoundCardMonitor, "\(error)"))")
        }
        let terminal = keyboard == .never ? nil : TerminalSession()
        let app = PracticeBoxApp(texts: texts, voice: voice, configuration: configuration, history: history, answers: answers, profile: profile, results: results,
                                 engine: engine,
                                 output: output, outputDevice: device, sequencer: sequencer, mappings: library, tuning: tuning,
                                 soundCards: soundCards,
                                 box: box, terminal: terminal, keyboardUse: keyboard, version: version)
        announcer.add(CuePlayer(engine: engine, configuration: configuration, texts: texts, noteRMS: noteRMS))
        announcer.add(ControllerLights(app: app))
        await prompts.value
        return app
    }

    /// Opens the device last (so that a start makes no underrun): history, calibration, engine, cues,
    /// spoken prompts, sequencer, sound-card monitor and the event readers are ready (`run` calls
    /// it once everything else has started), so nothing heavy starts with it
    /// (under emulation, synthesis and allocation on the other CPU made the first periods underrun).
    /// The render path is warmed first and memory locked after, the warmed pages included. Returns
    /// why the device is waited for, nil when it opened.
    static func startOutput(_ output: ALSAPCMOutput, device: String, logger: Logger, texts: Texts)
        -> AudioDeviceProblem? {
        output.warmUp()
        if let reason = RealtimeScheduling.lockMemory() {
            logger.notice("\(texts.text(.runMemoryNotLocked, SystemWords.text(reason, texts)))")
        }
        // A missing or busy device is waited for (it may be plugged in later); ALSA reports it when it opens.
        let audioMissing = output.startWaitingForDevice()
        if case .refused = output.scheduling {
            logger.notice("\(texts.text(.runAudioThreadRefused, output.scheduling.text(texts)))")
        } else {
            logger.info("\(texts.text(.runAudioThread, output.scheduling.text(texts)))")
        }
        if audioMissing == nil {
            let periods = output.bufferFrames / max(1, output.periodFrames)
            logger.info("\(texts.text(.runAudioOutput, device, String(output.periodFrames), periods))")
        }
        return audioMissing
    }

    /// How loud a training note of this sound is (RMS of A4 at nominal amplitude), rendered offline
    /// once at start-up, so cues can sit a fixed distance below what the player actually hears.
    static func nominalNoteRMS(_ sound: SoundSelection, velocity: MIDIVelocity) -> Double {
        guard let engine = try? SoundEngine(soundFont: sound.path, preset: sound.preset, calibration: sound.calibration,
                                            voiceCount: 1),
              (try? engine.play(frequency: .concert440, seconds: 0.6, velocity: velocity, amplitude: .nominal)) != nil
        else { return 0.1 }
        let sink = WAVFileSink(renderer: engine.renderer)
        let samples = sink.render(seconds: 0.5).dropFirst(Int(0.1 * VoiceRenderer.sampleRate))
        let power = samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(1, samples.count))
        return max(power.squareRoot(), 1e-4)
    }
}
