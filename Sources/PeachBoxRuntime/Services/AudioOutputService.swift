import Logging
import PeachPractice
import PeachSound
import PeachText
import PeachUdev
import ServiceLifecycle

extension SoundCard: OutputCard {}

/// The ALSA output and its sound card: losses and returns (from ALSA and from udev) reach the box
/// through the router, buffer changes the status; with debug logging, the underrun count once a
/// second. At shutdown the last fade-out plays through the device's buffer before it closes.
@MainActor
final class AudioOutputService: Service {
    private let output: ALSAPCMOutput
    private let soundCards: SoundCardMonitor?
    private let router: BoxEventRouter
    private let texts: LiveTexts
    private let logger = Logger(label: "peach.run")
    private(set) var watch: AudioOutputWatch<SoundCard>
    /// Called when the device or its buffer changes (the status shows them).
    var changed: @MainActor () -> Void = {}

    init(output: ALSAPCMOutput, device: String, soundCards: SoundCardMonitor?, router: BoxEventRouter, texts: LiveTexts) {
        self.output = output
        self.soundCards = soundCards
        self.router = router
        self.texts = texts
        watch = AudioOutputWatch(device: device, present: SoundCardMonitor.presentCards())
    }

    /// Opens the device, last (`PracticeBoxApp.run`): everything else is ready, so nothing heavy
    /// starts with it and its first periods do not underrun. A device that is missing or busy is
    /// waited for; the box is told why.
    func open() {
        if let missing = Self.start(output, device: watch.device, logger: logger, texts: texts.current) {
            router.route(.audioOutputMissingAtStart(reason: texts.current.text(.runAudioMissingAtStart, missing.text(texts.current))))
        } else {
            watch.opened(periodFrames: output.periodFrames, periods: periods, sampleRate: NoteSlotRenderer.sampleRate)
            changed()
        }
    }

    func run() async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.followOutput() }
            if let soundCards { group.addTask { await self.followCards(soundCards.events) } }
            if logger.logLevel <= .debug { group.addTask { await self.logUnderruns() } }
        }
        await untilShutdown()
        soundCards?.stop()
        let drain = Double(output.bufferFrames + output.periodFrames) / NoteSlotRenderer.sampleRate + 0.01
        try? await Task.sleep(for: .seconds(drain))
        output.stop()
    }

    private var periods: Int { Self.periods(of: output) }

    private static func periods(of output: ALSAPCMOutput) -> Int { output.bufferFrames / max(1, output.periodFrames) }

    private func followOutput() async {
        for await event in output.events.cancelOnGracefulShutdown() {
            switch event {
            case .failed(let problem):
                router.route(watch.failed(reason: problem.text(texts.current)))
            case .recovered:
                let event = watch.recovered(periodFrames: output.periodFrames, periods: periods,
                                            sampleRate: NoteSlotRenderer.sampleRate)
                changed()
                router.route(event)
            case .bufferEnlarged(let frames, let periods, let cause):
                let buffer = AudioBufferStatus(periodFrames: frames, periods: periods, enlarged: cause,
                                               sampleRate: NoteSlotRenderer.sampleRate)
                let key: BoxRuntimeText = cause == .afterUnderruns ? .runBufferEnlarged : .runBufferRefused
                logger.notice("\(texts.current.text(key, periods, String(frames), Decimals(buffer.milliseconds, 1)))")
                watch.enlarged(to: buffer)
                changed()
            }
        }
    }

    private func followCards(_ events: AsyncStream<SoundCardEvent>) async {
        for await event in events.cancelOnGracefulShutdown() {
            let boxEvent: BoxEvent? = switch event {
            case .removed(let card): watch.removed(card) { texts.current.text(.runSoundCardRemoved, "\($0)") }
            case .ready(let card): watch.ready(card, audioAvailable: router.box.isAudioAvailable)
            }
            if let boxEvent { router.route(boxEvent) }
        }
    }

    /// The audio thread only counts underruns; the guest's web bench reads the latest line.
    private func logUnderruns() async {
        var count = UnderrunCount()
        while (try? await sleepUnlessShuttingDown(for: .seconds(1))) != nil {
            if let total = count.look(at: output.underruns) {
                logger.debug("\(texts.current.text(.runAudioUnderrun, String(total)))")
            }
        }
    }

    /// The render path is warmed first and memory locked after, the warmed pages included. Returns
    /// why the device is waited for, nil when it opened.
    private static func start(_ output: ALSAPCMOutput, device: String, logger: Logger, texts: Texts) -> AudioOutputProblem? {
        output.warmUp()
        if let reason = RealtimeScheduling.lockMemory() {
            logger.notice("\(texts.text(.runMemoryNotLocked, SystemWords.text(reason, texts)))")
        }
        // A missing or busy device is waited for (it may be plugged in later); ALSA reports it when it opens.
        let missing = output.startWaitingForDevice()
        if case .refused = output.scheduling {
            logger.notice("\(texts.text(.runAudioThreadRefused, output.scheduling.text(texts)))")
        } else {
            logger.info("\(texts.text(.runAudioThread, output.scheduling.text(texts)))")
        }
        if missing == nil {
            let periods = periods(of: output)
            logger.info("\(texts.text(.runAudioOutput, device, String(output.periodFrames), periods))")
        }
        return missing
    }
}
