import Foundation
import Logging
import PeachCommandLine
import PeachConfig
import PeachDomain
import PeachMIDI
import PeachPractice
import PeachSound
import PeachStorage
import PeachText
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
    private let texts: LiveTexts
    private let voice: SpeechAnnouncer
    private let configuration: LiveConfiguration
    private let history: TrainingDataStore
    private let answers: DurableAnswerWriter
    private let profile: PerceptualProfile
    private let engine: SoundEngine
    private let output: ALSAPCMOutput
    private let outputDevice: String
    private var sequencer: SequencerClient?
    private let mappings: MappingLibrary
    private let tuning: DirectTuning
    private let soundCards: SoundCardMonitor?
    private let box: PracticeBox
    private let terminal: TerminalSession?
    private let keyboardUse: KeyboardUse
    private let router: BoxEventRouter
    private var mappers: [ControllerID: ControllerMapper] = [:]
    private var chordTicks: [ControllerID: Task<Void, Never>] = [:]
    private var controllers: [ControllerID: Controller] = [:]
    private var liveStatus: LiveStatusFile { LiveStatusFile(directory: history.location.directory) }
    private var outputCard: SoundCard?
    private var keyboardConnected = false
    private var keyDecoder = TerminalKeyDecoder()
    private var quitRequested: CheckedContinuation<Void, Never>?

    // not a text: the computer keyboard's identity as a controller (the dashboard shows it as it is)
    static let keyboardController: ControllerID = "computer keyboard"

    private init(texts: LiveTexts, voice: SpeechAnnouncer, configuration: LiveConfiguration, history: TrainingDataStore, answers: DurableAnswerWriter,
                 profile: PerceptualProfile,
                 engine: SoundEngine, output: ALSAPCMOutput, outputDevice: String, sequencer: SequencerClient?,
                 mappings: MappingLibrary, tuning: DirectTuning,
                 soundCards: SoundCardMonitor?, box: PracticeBox, terminal: TerminalSession?, keyboardUse: KeyboardUse) {
        self.texts = texts
        self.voice = voice
        self.configuration = configuration
        self.history = history
        self.answers = answers
        self.profile = profile
        self.engine = engine
        self.output = output
        self.outputDevice = outputDevice
        self.sequencer = sequencer
        self.mappings = mappings
        self.tuning = tuning
        self.soundCards = soundCards
        self.box = box
        self.router = BoxEventRouter(box: box)
        self.terminal = terminal
        self.keyboardUse = keyboardUse
    }

    // MARK: Assembly

    static func assemble(configLocation: ConfigurationLocation, storeOptions: StoreOptions, audioDeviceOverride: String?,
                         modeOverride: TrainingMode?, keyboard: KeyboardUse) async throws -> PracticeBoxApp {
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
        let voice = SpeechAnnouncer(engine: engine, clock: clock, noteRMS: noteRMS) { [configuration] in
            configuration.voiceSettings
        }
        // Fixed prompts are synthesised while the rest is built, and are ready before the device opens.
        let prompts = Task { await voice.prepare() }
        let results = ResultLog(profile: profile, settings: configuration, texts: texts)
        let comparison = ComparisonSession(
            notePlayer: engine, profile: profile, observers: [answers, profile, results, announcer],
            settings: configuration, clock: clock, gate: voice, interruptions: interruptions)
        // Wheel moves reach the tunable note from the sequencer's input thread (issue 12).
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
        let app = PracticeBoxApp(texts: texts, voice: voice, configuration: configuration, history: history, answers: answers, profile: profile, engine: engine,
                                 output: output, outputDevice: device, sequencer: sequencer, mappings: library, tuning: tuning,
                                 soundCards: soundCards,
                                 box: box, terminal: terminal, keyboardUse: keyboard)
        announcer.add(CuePlayer(engine: engine, configuration: configuration, texts: texts, noteRMS: noteRMS))
        announcer.add(ControllerLights(app: app))
        await prompts.value
        return app
    }

    /// Opens the device last (issue 12: a start makes no xrun): history, calibration, engine, cues,
    /// spoken prompts, sequencer, sound-card monitor and the event readers are ready (`run` calls
    /// it once everything else has started), so nothing heavy starts with it
    /// (under emulation, synthesis and allocation on the other CPU made the first periods underrun).
    /// The render path is warmed first and memory locked after, the warmed pages included. Returns
    /// why the device is waited for, nil when it opened.
    private static func startOutput(_ output: ALSAPCMOutput, device: String, logger: Logger, texts: Texts)
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
            logger.info("\(texts.text(.runAudioOutput, device, output.periodFrames, periods))")
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

    // MARK: Event loop

    /// Runs until SIGINT, SIGTERM (or SIGHUP when a terminal hangs up) or the quit key. `signals` is
    /// trapped before assembly, so a signal during start-up is acted on, not fatal.
    func run(signals: UnixSignalsSequence, hangUpDuringStart: Bool = false) async {
        outputCard = SoundCardMonitor.presentCards().first { $0.matches(pcm: outputDevice) }
        box.onChange = { [weak self] in self?.showStatus() }
        if let terminal {
            terminal.printLine(texts.current.text(.runKeysHeader, PeachCommand.version, texts.current.name(box.mode)))
            for line in texts.current.text(.keyboardHelp).split(separator: "\n") { terminal.printLine("  " + line) }
            if keyboardUse == .always { connectKeyboard() }
        }
        showStatus()
        // Each source of events is read by a task of its own on the main actor, in order.
        var readers = [Task { await self.handleSignals(signals, hangUpDuringStart: hangUpDuringStart) },
                       Task { await self.handleAudioOutput() }, Task { await self.logUnderruns() }]
        readers.append(Task { await self.handleControllers() })
        if let soundCards { readers.append(Task { await self.handleSoundCards(soundCards.events) }) }
        if let terminal { readers.append(Task { await self.handleKeys(terminal.keyBytes()) }) }
        if let audioMissing = Self.startOutput(output, device: outputDevice, logger: logger, texts: texts.current) {
            box.audioOutputMissingAtStart(texts.current.text(.runAudioMissingAtStart, audioMissing.text(texts.current)))
        }
        await withCheckedContinuation { quitRequested = $0 }
        for reader in readers { reader.cancel() }
        shutDown()
    }

    /// The same stop path as every interruption, then silence, then the devices and the history.
    private func shutDown() {
        box.shutDown()
        do { try engine.stopAll() } catch { logger.error("\(texts.current.text(.runSilencingFailed, texts.current.describe(error)))") }
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
        answers.finish()
        do {
            try history.close()
            logger.info("\(texts.current.text(.runStopped))")
        } catch {
            logger.error("\(texts.current.text(.runClosingFailed, texts.current.describe(error)))")
        }
    }

    private func requestQuit() {
        quitRequested?.resume()
        quitRequested = nil
    }

    private func handleSignals(_ signals: UnixSignalsSequence, hangUpDuringStart: Bool) async {
        // A signal can still reach the early handler while the sequence's sources register (its
        // handler stays installed): what came meanwhile is handed over here, not lost.
        let late = EarlySignals.takeReceived()
        if late.contains(SIGTERM) || late.contains(SIGINT) {
            logger.info("\(texts.current.text(.runSignalStopping, late.contains(SIGTERM) ? "SIGTERM" : "SIGINT"))")
            return requestQuit()
        }
        if hangUpDuringStart || late.contains(SIGHUP) {
            guard terminal == nil else {
                logger.info("\(texts.current.text(.runHangUpDuringStart))")
                return requestQuit()
            }
            reloadConfiguration()
        }
        for await signal in signals {
            if signal == .sighup, terminal == nil {
                reloadConfiguration()
            } else {
                logger.info("\(texts.current.text(.runSignalStopping, "\(signal)"))")
                requestQuit()
                return
            }
        }
    }

    private func reloadConfiguration() {
        let before = configuration.configuration
        do {
            try configuration.reload()
            logger.notice("\(texts.current.text(.runConfigurationReread, configuration.location.file.path))")
            Self.followLanguage(of: configuration, texts: texts, voice: voice)
            showStatus()
            let after = configuration.configuration
            // The instrument, the audio device and the mappings are opened once; say so instead of
            // pretending a change to them took effect.
            for (section, changed) in [("sound", before.sound != after.sound), ("audio", before.audio != after.audio),
                                       ("controllers", before.controllers != after.controllers)] where changed {
                logger.warning("\(texts.current.text(.runNeedsRestart, section))")
            }
        } catch {
            logger.error("\(texts.current.text(.runConfigurationNotReread, texts.current.describe(error)))")
        }
    }

    private func handleAudioOutput() async {
        for await event in output.events {
            switch event {
            case .failed(let problem): router.route(.audioOutputFailed(reason: problem.text(texts.current)))
            case .recovered: router.route(.audioOutputRecovered)
            case .bufferEnlarged(let frames, let periods):
                let milliseconds = Decimals(Double(frames * periods) / 48, 1)
                logger.notice("\(texts.current.text(.runBufferEnlarged, periods, frames, milliseconds))")
            }
        }
    }

    /// Each underrun in the debug log with the count so far (the guest's web bench reads them).
    private func logUnderruns() async {
        for await total in output.underrunTotals {
            logger.debug("\(texts.current.text(.runAudioUnderrun, String(total)))")
        }
    }

    private func handleSoundCards(_ events: AsyncStream<SoundCardEvent>) async {
        for await event in events {
            switch event {
            case .removed(let card):
                guard let outputCard, card.number == outputCard.number else { continue }
                box.audioOutputFailed(texts.current.text(.runSoundCardRemoved, "\(card)"))
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

    /// The sequencer's events; when it could not be opened at start, it is tried every 2 s until it opens.
    private func handleControllers() async {
        while sequencer == nil {
            do {
                try await Task.sleep(for: .seconds(2))
            } catch {
                return
            }
            if let opened = try? SequencerClient(mappings: mappings, tuning: tuning, texts: texts) {
                logger.notice("\(texts.current.text(.runSequencerThere))")
                sequencer = opened
            }
        }
        guard let sequencer else { return }
        for await event in sequencer.events {
            switch event {
            case .connected(let controller):
                controllers[controller.boxID] = controller
                mappers[controller.boxID] = ControllerMapper(mapping: controller.mapping)
                logger.info("\(texts.current.text(.runControllerConnected, "\(controller)", controller.mapping.name))")
                router.route(.controllerConnected(controller.boxID))
            case .disconnected(let controller):
                mappers[controller.boxID] = nil
                controllers[controller.boxID] = nil
                router.route(.controllerDisconnected(controller.boxID))
            case .message(let message, let controller, let time):
                guard var mapper = mappers[controller.boxID] else { continue }
                let actions = mapper.actions(for: message, at: time, skill: router.activeSkill)
                mappers[controller.boxID] = mapper
                // Retunes carry the event's time: a move that reached the note from the input thread
                // is not undone. A commit's held value is final: no later move (the spring's bounce)
                // moves the note it releases.
                let commits = actions.contains { if case .commitTuning = $0 { true } else { false } }
                TuningMoveTime.$current.withValue(commits ? TuningMoveTime.final : time) {
                    router.route(.controllerActions(actions, from: controller.boxID))
                }
                tickChords(of: controller.boxID, at: mapper.chordDeadline)
            }
        }
    }

    /// A key that may start a chord acts once the chord window has passed without one.
    private func tickChords(of controller: ControllerID, at deadline: UInt64?) {
        chordTicks[controller]?.cancel()
        guard let deadline else { return }
        let wait = deadline - min(deadline, monotonicNanoseconds())
        chordTicks[controller] = Task { [weak self] in
            try? await Task.sleep(nanoseconds: wait + 1_000_000)
            guard !Task.isCancelled, let self, var mapper = mappers[controller] else { return }
            let actions = mapper.tick(at: monotonicNanoseconds(), skill: router.activeSkill)
            mappers[controller] = mapper
            router.route(.controllerActions(actions, from: controller))
            tickChords(of: controller, at: mapper.chordDeadline)
        }
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
                    if keyboardConnected { router.route(.controllerActions([action], from: Self.keyboardController)) }
                case nil:
                    break
                }
            }
        }
        // The terminal hung up (or standard input ended): nobody is there to train.
        logger.notice("\(texts.current.text(.runTerminalWentAway))")
        requestQuit()
    }

    private func connectKeyboard() {
        keyboardConnected = true
        router.route(.controllerConnected(Self.keyboardController))
    }

    private func showStatus() {
        let status = PracticeStatus(of: box, profile: profile, range: configuration.currentSettings.noteRange,
                                    texts: texts.current)
        // For `peach web`: a failed write costs the dashboard its live line, never the training.
        try? liveStatus.write(LiveStatusFile.text(status: status.line(), controller: box.controllerInUse?.description,
                                                  audioDevice: outputDevice))
        guard let terminal else { return }
        terminal.showStatus(status.line(width: terminal.width - 1))
    }

    /// LED feedback goes to the controller in use, if its mapping defines any.
    fileprivate func lightUp(_ feedback: TrainingFeedback) {
        guard configuration.configuration.feedback.lights, let sequencer,
              let inUse = box.controllerInUse, let controller = controllers[inUse] else { return }
        sequencer.send(feedback, to: controller)
    }
}

@MainActor
private final class ControllerLights: FeedbackOutput {
    private weak var app: PracticeBoxApp?
    init(app: PracticeBoxApp) { self.app = app }
    func give(_ feedback: TrainingFeedback) { app?.lightUp(feedback) }
}

extension Controller {
    /// The controller as the box knows it: names and instance, the same identity end to end.
    var boxID: ControllerID { ControllerID(name: clientName, port: portName, instance: instance) }
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
