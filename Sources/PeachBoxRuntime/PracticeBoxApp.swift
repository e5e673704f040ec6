import Foundation
import Logging
import PeachOptions
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
    private let results: ResultLog
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
    private let version: String
    private let router: BoxEventRouter
    private var mappers: [ControllerID: ControllerMapper] = [:]
    private var chordTicks: [ControllerID: Task<Void, Never>] = [:]
    private var controllers: [ControllerID: Controller] = [:]
    private var liveStatus: LiveStatusFile { LiveStatusFile(directory: history.location.directory) }
    private var outputCard: SoundCard?
    /// The output's buffer once it has opened, for the live status.
    private var audioBuffer: AudioBufferStatus?
    private var keyboardConnected = false
    private var keyDecoder = TerminalKeyDecoder()
    private var quitRequested: CheckedContinuation<Void, Never>?

    // not a text: the computer keyboard's identity as a controller (the dashboard shows it as it is)
    static let keyboardController: ControllerID = "computer keyboard"

    /// Made only by `assemble` (PracticeBoxApp+Assembly.swift), the composition root.
    init(texts: LiveTexts, voice: SpeechAnnouncer, configuration: LiveConfiguration, history: TrainingDataStore, answers: DurableAnswerWriter,
                 profile: PerceptualProfile, results: ResultLog,
                 engine: SoundEngine, output: ALSAPCMOutput, outputDevice: String, sequencer: SequencerClient?,
                 mappings: MappingLibrary, tuning: DirectTuning,
                 soundCards: SoundCardMonitor?, box: PracticeBox, terminal: TerminalSession?, keyboardUse: KeyboardUse, version: String) {
        self.version = version
        self.texts = texts
        self.voice = voice
        self.configuration = configuration
        self.history = history
        self.answers = answers
        self.profile = profile
        self.results = results
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

    // MARK: Event loop

    /// Runs until SIGINT, SIGTERM (or SIGHUP when a terminal hangs up) or the quit key. `signals` is
    /// trapped before assembly, so a signal during start-up is acted on, not fatal.
    func run(signals: UnixSignalsSequence, hangUpDuringStart: Bool = false) async {
        outputCard = SoundCardMonitor.presentCards().first { $0.matches(pcm: outputDevice) }
        box.onChange = { [weak self] in self?.showStatus() }
        profile.onRefitted = { [weak self] _ in self?.showStatus() }
        if let terminal {
            terminal.printLine(texts.current.text(.runKeysHeader, version, texts.current.name(box.mode)))
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
        } else {
            noteAudioBuffer(enlarged: nil)
        }
        await withCheckedContinuation { quitRequested = $0 }
        for reader in readers { reader.cancel() }
        shutDown()
    }

    /// The same stop path as every interruption, then silence, then the devices and the history.
    private func shutDown() {
        // A fit still running beside the main actor must not draw the status again once it is gone.
        profile.onRefitted = nil
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
        results.flush()
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
            if Self.followLanguage(of: configuration, texts: texts, voice: voice) == nil {
                Self.followVoice(of: configuration, voice: voice)
            }
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
            case .recovered:
                noteAudioBuffer(enlarged: audioBuffer?.enlarged)
                router.route(.audioOutputRecovered)
            case .bufferEnlarged(let frames, let periods, let cause):
                let buffer = AudioBufferStatus(periodFrames: frames, periods: periods, enlarged: cause,
                                               sampleRate: VoiceRenderer.sampleRate)
                let key: BoxRuntimeText = cause == .afterUnderruns ? .runBufferEnlarged : .runBufferRefused
                logger.notice("\(texts.current.text(key, periods, String(frames), Decimals(buffer.milliseconds, 1)))")
                audioBuffer = buffer
                showStatus()
            }
        }
    }

    /// The buffer the output has just opened with; the output's own figures, which its thread wrote
    /// before it reported the opening. A buffer once enlarged stays so (the output never steps down).
    private func noteAudioBuffer(enlarged: AudioBufferStep?) {
        audioBuffer = AudioBufferStatus(periodFrames: output.periodFrames,
                                        periods: output.bufferFrames / max(1, output.periodFrames),
                                        enlarged: enlarged, sampleRate: VoiceRenderer.sampleRate)
        showStatus()
    }

    /// The count of underruns in the debug log whenever it has grown, looked at once a second (the
    /// audio thread only counts them; the guest's web bench reads the latest). Not at all when the
    /// log does not show debug lines.
    private func logUnderruns() async {
        guard logger.logLevel <= .debug else { return }
        var logged = 0
        while (try? await Task.sleep(for: .seconds(1))) != nil {
            let total = output.underruns
            guard total != logged else { continue }
            logged = total
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
                                                  audioDevice: audioBuffer?.text(device: outputDevice, texts: texts.current)
                                                      ?? outputDevice))
        guard let terminal else { return }
        terminal.showStatus(status.line(width: terminal.width - 1))
    }

    /// LED feedback goes to the controller in use, if its mapping defines any.
    func lightUp(_ feedback: TrainingFeedback) {
        guard configuration.configuration.feedback.lights, let sequencer,
              let inUse = box.controllerInUse, let controller = controllers[inUse] else { return }
        sequencer.send(feedback, to: controller)
    }
}
