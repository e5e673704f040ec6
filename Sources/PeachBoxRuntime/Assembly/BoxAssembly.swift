import Foundation
import Logging
import PeachConfig
import PeachDomain
import PeachMIDI
import PeachOptions
import PeachPractice
import PeachSound
import PeachSpeech
import PeachStorage
import PeachText
import PeachUdev

/// The factories `PracticeBoxApp.assemble` builds the box with, one per part, in the order they
/// are made: the configuration, the history, the sound, the voice, the box and its controllers.
@MainActor
enum BoxAssembly {
    static let logger = Logger(label: "peach.run")

    /// The configuration file and the settings file over it, checked as `peach config --check`
    /// checks them (a settings file that fails is left out, and said); their language, else the
    /// environment's, for everything said from now on.
    static func configuration(at layers: ConfigurationLayers) throws -> (LiveConfiguration, LiveTexts) {
        let configuration: LiveConfiguration
        do {
            configuration = try LiveConfiguration(layers: layers, reader: ConfigurationReader(texts: CommandLineTexts.current),
                                                  check: RunChecks.configurationProblems)
        } catch {
            throw CommandFailure(CommandLineTexts.current.text(.runConfigurationInvalid, CommandLineTexts.current.describe(error)))
        }
        let texts = LiveTexts(configuration.language)
        LiveReload.sayLeftOut(configuration, texts: texts)
        let problems = RunChecks.configurationProblems(configuration.configuration, origins: configuration.origins)
        guard problems.isEmpty else {
            throw CommandFailure(texts.current.text(.runConfigurationInvalid, problems.joined(separator: "\n")))
        }
        return (configuration, texts)
    }

    /// The history, and the profile and answer writer it starts with: only the answers since the
    /// profile's checkpoint are read, so the start does not grow with the history.
    static func history(_ options: HistoryOptions, clock: any TrainingClock, texts: LiveTexts) throws
        -> (HistoryStore, PracticeStart) {
        guard let history = try options.openStore(create: true) else {
            throw CommandFailure(texts.current.text(.runCannotOpenHistory, options.location.directory.path))
        }
        do {
            return (history, try PracticeStart.prepare(history, clock: clock, texts: texts))
        } catch {
            throw CommandFailure(texts.current.text(.runCannotReadHistory, texts.current.describe(error)))
        }
    }

    /// The instrument and the ALSA output it renders into (opened later, last of all).
    static func sound(_ configuration: LiveConfiguration, device: String) throws
        -> (SoundSelection, SoundEngine, ALSAPCMOutput) {
        let audio = configuration.configuration.audio
        let (selection, engine) = try settingsSound(configuration)
        let output = ALSAPCMOutput(renderer: engine.renderer, configuration: ALSAPCMOutput.Configuration(
            device: device, periodFrames: audio.periodFrames, periodCount: audio.periods,
            realtimePriority: Int32(audio.realtimePriority), enlargesBufferOnUnderruns: audio.growsBuffer))
        return (selection, engine, output)
    }

    /// The configured sound; when the settings file chose it and it does not load (its SoundFont
    /// gone since), the configuration file's sound, said in the log: the box does not stop for it.
    static func settingsSound(_ configuration: LiveConfiguration) throws -> (selection: SoundSelection, engine: SoundEngine) {
        do {
            return try RunChecks.sound(configuration.configuration, origins: configuration.origins)
        } catch where configuration.fromSettings("sound.soundfont") || configuration.fromSettings("sound.preset") {
            logger.warning("\(CommandLineTexts.current.text(.runSettingsSoundFailed, CommandLineTexts.current.describe(error)))")
            var beneath = configuration.configuration
            beneath.sound = configuration.beneathSettings.sound
            return try RunChecks.sound(beneath, origins: [:])
        }
    }

    /// The voice: eSpeak NG runs in `peach speak`, this very program in a process of its own.
    static func voice(engine: SoundEngine, clock: any TrainingClock, noteRMS: Double,
                      configuration: LiveConfiguration) -> SpeechAnnouncer {
        SpeechAnnouncer(engine: engine, speech: SpeechProcess(executable: SpeechProcess.thisProgram), clock: clock,
                        noteRMS: noteRMS) { [configuration] in configuration.voiceSettings }
    }

    /// The trainers and the box that runs them; every answer goes to the history, the profile (pitch),
    /// the result log and the cues. The rhythm modes' clicks are placed by the engine's render thread. The answer writer's troubles reach the box as they happen.
    static func box(engine: SoundEngine, start: PracticeStart, rhythm: LiveRhythmProfile, results: ResultLog,
                    voice: SpeechAnnouncer,
                    announcer: FeedbackAnnouncer, tuning: DirectTuning, configuration: LiveConfiguration,
                    clock: any TrainingClock, memory: URL, modeOverride: TrainingMode?, opening: PracticeBox.Opening,
                    texts: LiveTexts) -> PracticeBox {
        let interruptions = TrainingInterruptionCenter()
        let (answers, profile) = (start.answers, start.profile)
        let comparison = CompareTrainer(
            notePlayer: engine, profile: profile, observers: [answers, profile, results, announcer],
            settings: configuration, clock: clock, gate: voice, interruptions: interruptions)
        // The hearing check's answers are Hear & Compare answers: the same observers.
        let check = HearingCheckSession { strategy in
            CompareTrainer(notePlayer: engine, strategy: strategy, profile: profile,
                           observers: [answers, profile, results, announcer], settings: configuration, clock: clock,
                           gate: voice, interruptions: interruptions)
        }
        // Wheel moves reach the tunable note from the sequencer's input thread, not the main actor.
        let matching = MatchTrainer(
            notePlayer: engine, observers: [answers, profile, results, announcer], settings: configuration,
            clock: clock, gate: voice, interruptions: interruptions, shortcut: tuning)
        let clicks = EngineClickPlayer(engine: engine) { [configuration] in
            configuration.currentSettings.rhythm.extraLatencyMs / 1000
        }
        let timing = CompareTimingTrainer(clicks: clicks, clock: clock, settings: configuration,
                                          observers: [answers, rhythm, results, announcer], interruptions: interruptions,
                                          gate: voice, measured: { rhythm.measuredShares(in: $0) })
        let gapFill = FillTheGapTrainer(clicks: clicks, clock: clock, settings: configuration,
                                        observers: [answers, rhythm, results], interruptions: interruptions)
        let box = PracticeBox(comparison: comparison, matching: matching, rhythm: [timing, gapFill], interruptions: interruptions,
                              modeMemory: FileModeMemory(file: memory), modeOverride: modeOverride, alerts: announcer,
                              announcer: voice, reports: ProfileReportSource(profile: profile, settings: configuration, rhythm: rhythm),
                              texts: texts, check: check, clock: clock,
                              hasAnswers: { Self.hasAnswers(profile: profile, rhythm: rhythm) }, opening: opening)
        answers.onEvent = { [weak box] event in
            switch event {
            case .refused(let reason, let journaled): box?.historyRefused(reason, keptInJournal: journaled)
            case .journalFailed(let reason): box?.historyRefused(reason, keptInJournal: false)
            case .recovered: box?.historyRecovered()
            }
        }
        if answers.isHolding { box.historyRefused(texts.current.text(.runJournalRefused), keptInJournal: true) }
        return box
    }

    /// Whether the history holds an answer of any mode: without one, the first plug-in gives the tour.
    static func hasAnswers(profile: PerceptualProfile, rhythm: LiveRhythmProfile) -> Bool {
        TrainingMode.pitchModes.contains { profile.answers(for: $0).count > 0 || profile.attempts(for: $0).count > 0 }
            || rhythm.profile.timingCount > 0 || rhythm.profile.gapFillCount > 0
    }

    /// The sequencer with the configured mapping assignments, or nil (said) when it is not there
    /// yet: the snd-seq module may load later, and the controller service tries again.
    static func sequencer(_ configuration: PracticeConfiguration, tuning: DirectTuning, keyboard: KeyboardUse,
                          texts: LiveTexts) -> (opened: SequencerClient?, open: () -> SequencerClient?) {
        let mappings = configuration.mappingLibrary
        for problem in mappings.problems { logger.warning("\(texts.current.text(.runMappingSkipped, texts.current.describe(problem.errors)))") }
        let library = mappings.assigning(configuration.controllers.assignments.map { ($0.pattern, $0.mapping) })
        let open = { try? SequencerClient(mappings: library, tuning: tuning, texts: texts) }
        do {
            return (try SequencerClient(mappings: library, tuning: tuning, texts: texts), open)
        } catch {
            let key: BoxRuntimeText = keyboard == .never ? .runWaitingForSequencer : .runWaitingForSequencerWithKeyboard
            logger.warning("\(texts.current.text(key, texts.current.describe(error)))")
            return (nil, open)
        }
    }

    /// udev's view of the sound cards, or nil (said) without one: then only ALSA reports losses.
    static func soundCards(texts: LiveTexts) -> SoundCardMonitor? {
        do {
            return try SoundCardMonitor()
        } catch {
            logger.warning("\(texts.current.text(.runNoSoundCardMonitor, "\(error)"))")
            return nil
        }
    }
}
