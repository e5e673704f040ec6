import Foundation
import Logging
import PeachConfig
import PeachDomain
import PeachMIDI
import PeachPractice
import PeachSound
import PeachStorage
import PeachUdev
import PeachYAML
import UnixSignals

/// The one composition root: builds the practice box from its parts (configuration, history,
/// sound engine and ALSA output, sequencer, udev, terminal) and runs its event loop until a signal
/// or the quit key ends it.
@MainActor
final class PracticeBoxApp {
    enum KeyboardUse {
        case always, whenNoController, never
    }

    private let logger = Logger(label: "peach.run")
    private let configuration: LiveConfiguration
    private let history: TrainingDataStore
    private let profile: PerceptualProfile
    private let engine: SoundEngine
    private let output: ALSAPCMOutput
    private let outputDevice: String
    private let sequencer: SequencerClient?
    private let soundCards: SoundCardMonitor?
    private let box: PracticeBox
    private let terminal: TerminalSession?
    private let keyboardUse: KeyboardUse
    private var liveStatus: LiveStatusFile { LiveStatusFile(directory: history.location.directory) }
    private var mappers: [Controller.Identity: ControllerMapper] = [:]
    private var controllers: [String: Controller] = [:]
    private var outputCard: SoundCard?
    private var keyboardConnected = false
    private var keyDecoder = TerminalKeyDecoder()
    private var quitRequested: CheckedContinuation<Void, Never>?

    static let keyboardControllerName = "computer keyboard"

    private init(configuration: LiveConfiguration, history: TrainingDataStore, profile: PerceptualProfile,
                 engine: SoundEngine, output: ALSAPCMOutput, outputDevice: String, sequencer: SequencerClient?,
                 soundCards: SoundCardMonitor?, box: PracticeBox, terminal: TerminalSession?, keyboardUse: KeyboardUse) {
        self.configuration = configuration
        self.history = history
        self.profile = profile
        self.engine = engine
        self.output = output
        self.outputDevice = outputDevice
        self.sequencer = sequencer
        self.soundCards = soundCards
        self.box = box
        self.terminal = terminal
        self.keyboardUse = keyboardUse
    }

    // MARK: Assembly

    static func assemble(configLocation: ConfigurationLocation, storeOptions: StoreOptions, audioDeviceOverride: String?,
                         modeOverride: TrainingMode?, keyboard: KeyboardUse) async throws -> PracticeBoxApp {
        let logger = Logger(label: "peach.run")
        let configuration: LiveConfiguration
        do {
            configuration = try LiveConfiguration(location: configLocation)
        } catch {
            throw CommandFailure("the configuration is not valid; fix it and start again:\n\(error)")
        }
        let settings = configuration.configuration
        let mappings = settings.mappingLibrary
        let unknown = settings.unknownAssignments(in: mappings, origins: configuration.origins)
        guard unknown.isEmpty else {
            throw CommandFailure("the configuration is not valid; fix it and start again:\n" + unknown.joined(separator: "\n"))
        }

        guard let history = try storeOptions.openStore(create: true) else {
            throw CommandFailure("cannot open the training history in \(storeOptions.location.directory.path)")
        }
        let profile: PerceptualProfile
        do {
            profile = PerceptualProfile(comparisons: try history.allComparisons(), pitchMatchings: try history.allPitchMatchings())
        } catch {
            throw CommandFailure("cannot read the training history: \(error)")
        }

        let sound = try SoundSelection.resolve(soundFont: settings.sound.soundFont,
                                               preset: SoundFontPreset(bank: settings.sound.bank, program: settings.sound.program))
        let engine: SoundEngine
        do {
            engine = try SoundEngine(soundFont: sound.path, preset: sound.preset, calibration: sound.calibration)
        } catch {
            throw CommandFailure("\(error)")
        }
        let device = audioDeviceOverride ?? settings.audio.device
        let output = ALSAPCMOutput(renderer: engine.renderer, configuration: ALSAPCMOutput.Configuration(
            device: device, periodFrames: settings.audio.periodFrames, periodCount: settings.audio.periods))
        do {
            try output.start()
        } catch {
            throw CommandFailure("""
                cannot open the audio device \(device): \(error)
                Check `peach devices` (or `aplay -L`) for the names here and choose one with --audio-device \
                or audio.device in the configuration.
                """)
        }
        logger.info("audio output \(device): \(output.periodFrames) frames × \(output.bufferFrames / max(1, output.periodFrames)) periods at 48 kHz")

        let interruptions = TrainingInterruptionCenter()
        let clock = SystemTrainingClock()
        let announcer = FeedbackAnnouncer()
        let results = ResultLog(profile: profile, settings: configuration)
        let comparison = ComparisonSession(
            notePlayer: engine, profile: profile, observers: [history, profile, results, announcer],
            settings: configuration, clock: clock, interruptions: interruptions)
        let matching = PitchMatchingSession(
            notePlayer: engine, observers: [history, profile, results, announcer], settings: configuration,
            clock: clock, interruptions: interruptions)
        let memory = FileModeMemory(file: storeOptions.location.directory.appendingPathComponent("last-mode"))
        let box = PracticeBox(comparison: comparison, matching: matching, interruptions: interruptions,
                              modeMemory: memory, modeOverride: modeOverride)

        var sequencer: SequencerClient?
        do {
            for problem in mappings.problems { logger.warning("mapping file skipped: \(problem)") }
            let library = mappings.assigning(settings.controllers.assignments.map { ($0.pattern, $0.mapping) })
            sequencer = try SequencerClient(mappings: library)
        } catch {
            if keyboard == .never {
                throw CommandFailure("""
                    cannot open the ALSA sequencer: \(error)
                    Is the snd-seq module loaded (`sudo modprobe snd-seq`) and may this user open /dev/snd/seq \
                    (member of the audio group)? On a terminal, --keyboard trains without a controller.
                    """)
            }
            logger.warning("no MIDI input (\(error)); the computer keyboard is the controller")
        }
        var soundCards: SoundCardMonitor?
        do {
            soundCards = try SoundCardMonitor()
        } catch {
            logger.warning("\(error); audio device loss is noticed from ALSA errors only")
        }
        let terminal = keyboard == .never ? nil : TerminalSession()
        let app = PracticeBoxApp(configuration: configuration, history: history, profile: profile, engine: engine,
                                 output: output, outputDevice: device, sequencer: sequencer, soundCards: soundCards,
                                 box: box, terminal: terminal, keyboardUse: keyboard)
        announcer.add(CuePlayer(engine: engine, configuration: configuration,
                                noteRMS: Self.nominalNoteRMS(sound, velocity: settings.training.velocity)))
        announcer.add(ControllerLights(app: app))
        return app
    }

    /// How loud a training note of this sound is (RMS of A4 at nominal amplitude), rendered offline
    /// once at start-up, so cues can sit a fixed distance below what the player actually hears.
    private static func nominalNoteRMS(_ sound: SoundSelection, velocity: MIDIVelocity) -> Double {
        guard let engine = try? SoundEngine(soundFont: sound.path, preset: sound.preset, calibration: sound.calibration,
                                            voiceCount: 1),
              (try? engine.play(frequency: .concert440, seconds: 0.6, velocity: velocity, amplitude: .nominal)) != nil
        else { return 0.1 }
        let sink = WAVFileSink(renderer: engine.renderer)
        let samples = sink.render(seconds: 0.5).dropFirst(Int(0.1 * VoiceRenderer.sampleRate))
        let power = samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(1, samples.count))
        return max(power.squareRoot(), 1e-4)
    }

    // MARK: Event loop

    /// Runs until SIGINT, SIGTERM (or SIGHUP when a terminal hangs up) or the quit key. `signals` is
    /// trapped before assembly, so a signal during start-up is acted on, not fatal.
    func run(signals: UnixSignalsSequence) async {
        outputCard = SoundCardMonitor.presentCards().first { $0.matches(pcm: outputDevice) }
        box.onChange = { [weak self] in self?.showStatus() }
        if let terminal {
            terminal.printLine("Peach \(PeachCommand.version) — \(box.mode.displayName). Keys:")
            for line in KeyboardController.help.split(separator: "\n") { terminal.printLine("  " + line) }
            if keyboardUse == .always { connectKeyboard() }
        }
        showStatus()
        // Each source of events is read by a task of its own on the main actor, in order.
        var readers = [Task { await self.handleSignals(signals) }, Task { await self.handleAudioOutput() }]
        if let sequencer { readers.append(Task { await self.handleControllers(sequencer.events) }) }
        if let soundCards { readers.append(Task { await self.handleSoundCards(soundCards.events) }) }
        if let terminal { readers.append(Task { await self.handleKeys(terminal.keyBytes()) }) }
        await withCheckedContinuation { quitRequested = $0 }
        for reader in readers { reader.cancel() }
        shutDown()
    }

    /// The same stop path as every interruption, then silence, then the devices and the history.
    private func shutDown() {
        box.shutDown()
        do { try engine.stopAll() } catch { logger.error("silencing the sound engine failed: \(error)") }
        if let sequencer {
            for controller in controllers.values { sequencer.clearFeedback(on: controller) }
        }
        // Let the fade-out of stopAll play through the device's whole buffer before it closes.
        Thread.sleep(forTimeInterval: Double(output.bufferFrames + output.periodFrames) / VoiceRenderer.sampleRate + 0.01)
        output.stop()
        liveStatus.remove()
        sequencer?.close()
        soundCards?.stop()
        terminal?.restore()
        do {
            try history.close()
            logger.info("stopped; the training history is closed")
        } catch {
            logger.error("closing the training history failed (every answer was already written): \(error)")
        }
    }

    private func requestQuit() {
        quitRequested?.resume()
        quitRequested = nil
    }

    private func handleSignals(_ signals: UnixSignalsSequence) async {
        for await signal in signals {
            if signal == .sighup, terminal == nil {
                reloadConfiguration()
            } else {
                logger.info("\(signal): stopping")
                requestQuit()
                return
            }
        }
    }

    private func reloadConfiguration() {
        let before = configuration.configuration
        do {
            try configuration.reload()
            logger.notice("configuration re-read from \(configuration.location.file.path); it applies from the next exercise")
            let after = configuration.configuration
            // The instrument, the audio device and the mappings are opened once; say so instead of
            // pretending a change to them took effect.
            for (section, changed) in [("sound", before.sound != after.sound), ("audio", before.audio != after.audio),
                                       ("controllers", before.controllers != after.controllers)] where changed {
                logger.warning("\(section): changed in the file; restart peach (systemctl restart peach) to apply it")
            }
        } catch {
            logger.error("the configuration was not re-read; the running one stays:\n\(error)")
        }
    }

    private func handleAudioOutput() async {
        for await event in output.events {
            switch event {
            case .failed(let reason): box.audioOutputFailed(reason)
            case .recovered: box.audioOutputRecovered()
            }
        }
    }

    private func handleSoundCards(_ events: AsyncStream<SoundCardEvent>) async {
        for await event in events {
            switch event {
            case .removed(let card):
                guard let outputCard, card.number == outputCard.number else { continue }
                box.audioOutputFailed("sound card \(card) was removed")
            case .ready(let card):
                if outputCard == nil, card.matches(pcm: outputDevice) { outputCard = card }
                guard let known = outputCard, known.isSameDevice(as: card) else { continue }
                outputCard = card
                // The card is back; ALSA reopening it says so too, but a removal ALSA never noticed
                // must not leave the box waiting for a recovery that will not be reported.
                if !box.isAudioAvailable { box.audioOutputRecovered() }
            }
        }
    }

    private func handleControllers(_ events: AsyncStream<ControllerEvent>) async {
        for await event in events {
            switch event {
            case .connected(let controller):
                controllers[controller.clientName] = controller
                mappers[controller.identity] = ControllerMapper(mapping: controller.mapping)
                logger.info("controller \(controller) with mapping \(controller.mapping.name)")
                box.controllerConnected(controller.clientName)
            case .disconnected(let controller):
                mappers[controller.identity] = nil
                controllers[controller.clientName] = nil
                box.controllerDisconnected(controller.clientName)
            case .message(let message, let controller, let time):
                guard var mapper = mappers[controller.identity] else { continue }
                let actions = mapper.actions(for: message, at: time, skill: activeSkill)
                mappers[controller.identity] = mapper
                for action in actions { box.handle(action, from: controller.clientName) }
            }
        }
    }

    private var activeSkill: TrainingMode.Skill? {
        if case .training(let mode) = box.activity { return mode.skill }
        return nil
    }

    private func handleKeys(_ bytes: AsyncStream<[UInt8]>) async {
        let keyboard = KeyboardController()
        for await chunk in bytes {
            for key in keyDecoder.decode(chunk) {
                switch keyboard.command(for: key, currentControlValue: box.tuningControlValue) {
                case .quit?:
                    requestQuit()
                case .action(let action)?:
                    if !keyboardConnected, keyboardUse == .whenNoController, box.connectedControllers.isEmpty {
                        connectKeyboard()
                    }
                    if keyboardConnected { box.handle(action, from: Self.keyboardControllerName) }
                case nil:
                    break
                }
            }
        }
        // The terminal hung up (or standard input ended): nobody is there to train.
        logger.notice("the terminal went away; stopping")
        requestQuit()
    }

    private func connectKeyboard() {
        keyboardConnected = true
        box.controllerConnected(Self.keyboardControllerName)
    }

    private func showStatus() {
        let status = PracticeStatus(of: box, profile: profile, range: configuration.currentSettings.noteRange)
        // For `peach web`: a failed write costs the dashboard its live line, never the training.
        try? liveStatus.write(LiveStatusFile.text(status: status.line(), controller: box.controllerInUse,
                                                  audioDevice: outputDevice))
        guard let terminal else { return }
        terminal.showStatus(status.line(width: terminal.width - 1))
    }

    /// LED feedback goes to the controller in use, if its mapping defines any.
    fileprivate func lightUp(_ feedback: TrainingFeedback) {
        guard configuration.configuration.feedback.lights, let sequencer,
              let name = box.controllerInUse, let controller = controllers[name] else { return }
        sequencer.send(feedback, to: controller)
    }
}

/// Audible cues through the sound engine, at the configured level, unless turned off.
@MainActor
private final class CuePlayer: FeedbackOutput {
    private let engine: SoundEngine
    private let configuration: LiveConfiguration
    private let cues: [TrainingFeedback: (cue: FeedbackCue, sound: SampledSound)]
    private let noteRMS: Double
    private let logger = Logger(label: "peach.feedback")

    init(engine: SoundEngine, configuration: LiveConfiguration, noteRMS: Double) {
        self.engine = engine
        self.configuration = configuration
        self.noteRMS = noteRMS
        var cues: [TrainingFeedback: (FeedbackCue, SampledSound)] = [:]
        for feedback in TrainingFeedback.allCases {
            let cue = FeedbackCue(feedback, sampleRate: VoiceRenderer.sampleRate)
            cues[feedback] = (cue, SampledSound(samples: cue.samples))
        }
        self.cues = cues
    }

    func give(_ feedback: TrainingFeedback) {
        let settings = configuration.configuration.feedback
        guard settings.cues, let cue = cues[feedback] else { return }
        do {
            try engine.playCue(cue.sound, amplitude: cue.cue.amplitude(level: settings.cueLevel, relativeToNoteRMS: noteRMS))
        } catch {
            logger.warning("cannot play the feedback cue: \(error)")
        }
    }
}

@MainActor
private final class ControllerLights: FeedbackOutput {
    private weak var app: PracticeBoxApp?
    init(app: PracticeBoxApp) { self.app = app }
    func give(_ feedback: TrainingFeedback) { app?.lightUp(feedback) }
}

/// Each answer as a log line (journald on the box): what was asked, how it went, and the mode's
/// measurement with that answer included (the profile observes before this log).
@MainActor
private final class ResultLog: ComparisonObserver, PitchMatchingObserver {
    private let logger = Logger(label: "peach.result")
    private let profile: PerceptualProfile
    private let settings: any TrainingSettingsProvider

    init(profile: PerceptualProfile, settings: any TrainingSettingsProvider) {
        self.profile = profile
        self.settings = settings
    }

    func comparisonCompleted(_ completed: CompletedComparison) {
        let comparison = completed.comparison
        logger.info("""
            comparison \(comparison.referenceNote.name)→\(comparison.targetNote.name) \
            \(String(format: "%+.2f", comparison.centOffset.rawValue)) ¢, answered \(completed.answeredHigher ? "higher" : "lower"): \
            \(completed.isCorrect ? "correct" : "wrong"); threshold \(MeasurementWording.threshold(
                profile.thresholdEstimate(for: ComparisonRecord(completed).mode, range: settings.currentSettings.noteRange)?.overall))
            """)
    }

    func pitchMatchingCompleted(_ completed: CompletedPitchMatching) {
        let challenge = completed.challenge
        logger.info("""
            pitch matching \(challenge.referenceNote.name)→\(challenge.targetNote.name) started \
            \(String(format: "%+.2f", challenge.initialCentOffset.rawValue)) ¢, \
            error \(String(format: "%+.3f", completed.userCentError.rawValue)) ¢ (\(completed.feedback.rawValue)); \
            \(MeasurementWording.matching(profile.matchingAccuracy(for: PitchMatchingRecord(completed).mode)))
            """)
    }
}

extension SoundCard {
    /// Whether an ALSA PCM name (`hw:1,0`, `plughw:CARD=Loopback,DEV=0`, `hw:Loopback`) plays on this
    /// card. Names that do not say (`default`, `pulse`) match none: ALSA's errors tell their loss.
    func matches(pcm: String) -> Bool {
        guard let colon = pcm.firstIndex(of: ":") else { return false }
        let arguments = pcm[pcm.index(after: colon)...].split(separator: ",")
        guard let first = arguments.first else { return false }
        let card = first.hasPrefix("CARD=") ? String(first.dropFirst(5)) : String(first)
        if let number = Int(card) { return number == self.number }
        return card == id
    }
}
