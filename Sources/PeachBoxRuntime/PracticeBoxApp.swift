import Logging
import PeachConfig
import PeachDomain
import PeachMIDI
import PeachSound
import PeachOptions
import PeachPractice
import PeachStorage
import PeachText
import ServiceLifecycle
import UnixSignals

/// The one composition root of `peach run`: builds the practice box from its parts (`BoxAssembly`)
/// and runs the services that feed it events in a `ServiceGroup`, until a signal, the quit key or the
/// terminal going away ends it; then the group shuts them down in the reverse order (`BoxPart`).
@MainActor
public final class PracticeBoxApp {
    private let parts: [BoxPart: any Service]
    private let audio: AudioOutputService
    private let keys: KeyboardService?
    private let box: PracticeBox
    private let version: String

    private init(parts: [BoxPart: any Service], audio: AudioOutputService, keys: KeyboardService?, box: PracticeBox,
                 version: String) {
        self.parts = parts
        self.audio = audio
        self.keys = keys
        self.box = box
        self.version = version
    }

    /// Everything built and ready, the fixed prompts synthesised; nothing opened that makes sound.
    /// `startedWith`: the signals that came before (a stop ends the box as soon as it runs).
    static func assemble(configLocation: ConfigurationLocation, historyOptions: HistoryOptions, audioDeviceOverride: String?,
                         modeOverride: TrainingMode?, opening: PracticeBox.Opening = .usual, keyboard: KeyboardUse, version: String,
                         signals: UnixSignalsSequence, startedWith: Set<BoxSignal>) async throws -> PracticeBoxApp {
        let settingsFile = SettingsFile(directory: historyOptions.location.directory)
        let (configuration, texts) = try BoxAssembly.configuration(
            at: ConfigurationLayers(administrator: configLocation, settings: settingsFile))
        let settings = configuration.configuration
        let clock = SystemTrainingClock()
        let (history, start) = try BoxAssembly.history(historyOptions, clock: clock, texts: texts)
        let device = audioDeviceOverride ?? settings.audio.device
        let (sound, engine, output) = try BoxAssembly.sound(configuration, device: device)
        let noteRMS = sound.nominalNoteRMS(velocity: settings.training.velocity)
        let voice = BoxAssembly.voice(engine: engine, clock: clock, noteRMS: noteRMS, configuration: configuration)
        // Fixed prompts are synthesised while the rest is built, and are ready before the device opens.
        let prompts = Task { await voice.prepare() }
        let results = ResultLog(profile: start.profile, settings: configuration, texts: texts)
        let (announcer, tuning, rhythm) = (FeedbackAnnouncer(), DirectTuning(), LiveRhythmProfile(start.rhythm))
        let box = BoxAssembly.box(engine: engine, start: start, rhythm: rhythm, results: results, voice: voice, announcer: announcer,
                                  tuning: tuning, configuration: configuration, clock: clock,
                                  memory: historyOptions.location.directory.appendingPathComponent("last-mode"),
                                  modeOverride: modeOverride, opening: opening, texts: texts)
        let router = BoxEventRouter(box: box)
        let terminal = keyboard == .never ? nil : TerminalSession()

        let status = StatusService(box: box, profile: start.profile, rhythm: rhythm, configuration: configuration, texts: texts,
                                   terminal: terminal, file: LiveStatusFile(directory: history.location.directory))
        let reload = LiveReload(configuration: configuration, texts: texts, voice: voice) { status.show() }
        let stop = StopService(signals: signals, rule: SignalRule(hasTerminal: terminal != nil), startedWith: startedWith,
                               texts: texts, reload: reload.reload)
        let audio = AudioOutputService(output: output, device: device, soundCards: BoxAssembly.soundCards(texts: texts),
                                       router: router, texts: texts)
        let sequencer = BoxAssembly.sequencer(settings, tuning: tuning, keyboard: keyboard, texts: texts)
        let controllers = ControllerService(sequencer: sequencer.opened, open: sequencer.open, router: router,
                                            lightsOn: { configuration.configuration.feedback.lights }, texts: texts)
        let keys = terminal.map { KeyboardService(terminal: $0, use: keyboard, router: router, stop: stop, texts: texts) }
        status.audioOutput = { () -> String in audio.watch.statusText(texts: texts.current) }
        audio.changed = { () -> Void in status.show() }
        announcer.add(CuePlayer(engine: engine, configuration: configuration, texts: texts, noteRMS: noteRMS))
        announcer.add(ControllerLights { controllers.lightUp($0) })
        await prompts.value

        var parts: [BoxPart: any Service] = [
            .history: HistoryService(history: history, answers: start.answers, results: results, texts: texts),
            .status: status, .audioOutput: audio, .controllers: controllers, .stop: stop,
            .practice: PracticeService(box: box, profile: start.profile, engine: engine, texts: texts),
        ]
        parts[.terminal] = keys
        parts[.settings] = settingsWatch(configuration: configuration, settingsFile: settingsFile, device: device,
                                         engine: engine, texts: texts, reload: reload.reload)
        return PracticeBoxApp(parts: parts, audio: audio, keys: keys, box: box, version: version)
    }

    /// The watch on the settings page's file and requests, with what the box offers the page.
    private static func settingsWatch(configuration: LiveConfiguration, settingsFile: SettingsFile, device: String,
                                      engine: SoundEngine, texts: LiveTexts,
                                      reload: @escaping @MainActor () -> Void) -> SettingsWatch {
        let choices = SettingsChoicesSource(configuration: configuration, device: device)
        let player = TestNotePlayer(engine: engine, device: device, configuration: configuration,
                                    offered: { choices.offeredOutputs() }, texts: texts)
        return SettingsWatch(settings: settingsFile, directory: settingsFile.file.deletingLastPathComponent(), reload: reload,
                             choices: choices.choices, playTestNote: player.play)
    }

    /// Opens the audio output last, then runs until the stop service ends and the group has shut
    /// every service down.
    func run() async throws {
        keys?.printHelp(version: version, mode: box.mode)
        audio.open()
        try await BoxServices.group(parts).run()
    }
}
