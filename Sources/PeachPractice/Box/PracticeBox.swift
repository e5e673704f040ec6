import Logging
import PeachDomain
import PeachText

/// The practice box's behaviour, independent of ALSA, FluidSynth and the terminal: which session runs,
/// what a controller's actions do, and what plugging and unplugging a controller or losing the audio
/// output mean. The composition root feeds it events; the sessions do the training.
///
/// - A controller appears → training starts in the last-used mode (first time: compare); the first
///   time, with an empty history, the tour of the controls comes first (`opening`, PracticeBox+Guide).
/// - The controller in use disappears → `controllerDisconnected` goes through the interruption path:
///   the incomplete exercise is discarded, nothing is recorded, every note stops.
/// - The audio output fails → `audioInterruptionBegan`, training stops; when the output is back,
///   training does not resume by itself: a controller's start control or a replug starts it.
/// - With an announcer, each of these is said aloud (the mode, "stopped", the sound back, answers not
///   saved and saved again, the report on request), and training notes wait until it has been said.
@MainActor
public final class PracticeBox {
    public enum Activity: Hashable, Sendable {
        /// No controller is connected.
        case waitingForController
        /// A controller is connected but the audio output is gone.
        case waitingForAudio
        /// Connected, not training (stopped from the controller, or after an interruption).
        case ready
        case training(TrainingMode)
        /// The tour of the controls is going on.
        case touring
    }

    /// What the box does when a controller first appears.
    public enum Opening: Hashable, Sendable {
        /// The tour when the history has no answers of any mode, else training.
        case usual
        /// The mode asked for (`peach run --mode`), without the tour: the player chose.
        case training
        /// The tour (`peach run --tour`), whatever the history holds.
        case tour
        /// A hearing check (`peach run --mode check`).
        case check
    }

    public let comparison: CompareTrainer
    public let matching: MatchTrainer
    /// One session per skill the box trains (`TrainingSession`): a mode starts on its skill's.
    public let sessions: [any TrainingSession]
    private let interruptions: TrainingInterruptionCenter
    private let modeMemory: any ModeMemory
    private let logger: Logger
    private let texts: LiveTexts

    /// The mode training starts in: an explicit choice (`--mode`, a mode control) or the remembered one.
    public private(set) var mode: TrainingMode
    /// Connected controllers, oldest first.
    public private(set) var connectedControllers: [ControllerID] = []
    /// The controller whose loss stops training: the one that last did something, else the newest.
    public private(set) var controllerInUse: ControllerID?
    public private(set) var isAudioAvailable = true
    /// The audio output was missing when Peach started: training starts as soon as it appears.
    private var startsWhenAudioAppears = false
    /// Why training is not running, when something outside the player's control stopped it.
    public private(set) var lastInterruption: TrainingInterruption?
    /// Set while the history refuses answers (they are kept for later, or lost when not journaled).
    public private(set) var historyProblem: HistoryProblem?
    /// Called after anything the status line shows may have changed.
    public var onChange: (@MainActor () -> Void)?
    private let alerts: FeedbackAnnouncer?
    let announcer: (any Announcer)?
    let reports: (any ReportSource)?
    /// The mode about to start once its name has been said; training counts as running meanwhile.
    var pendingStart: TrainingMode?
    /// The hearing check, when this box has one; it trains Hear & Compare – single notes.
    public let check: HearingCheckSession?
    /// What the pending start of Hear & Compare is, when it belongs to the hearing check.
    var pendingCheck: CheckStep?
    /// The tour of the controls, when the box has a voice and a clock to wait with.
    public let tour: ControlTour?
    let clock: (any TrainingClock)?
    /// Whether the history holds answers of any mode (read at the first plug-in and when a tour ends).
    let hasAnswers: @MainActor () -> Bool
    var opening: Opening
    /// How each connected controller's controls are said in the tour.
    var spokenControls: [ControllerID: TourControls] = [:]
    /// The last press that doubles as a gesture (report, Hear & Compare), and when.
    var lastGesturePress: (action: ControllerAction, at: Double)?
    /// Tours begun in this run: the first plug-in's tour comes once.
    var tourCount = 0

    /// `rhythm`: the rhythm modes' sessions (Compare Timing, Fill the Gap); a box without them
    /// trains pitch only.
    public init(comparison: CompareTrainer, matching: MatchTrainer, rhythm: [any TrainingSession] = [],
                interruptions: TrainingInterruptionCenter, modeMemory: any ModeMemory,
                modeOverride: TrainingMode? = nil, alerts: FeedbackAnnouncer? = nil,
                announcer: (any Announcer)? = nil, reports: (any ReportSource)? = nil, texts: LiveTexts,
                check: HearingCheckSession? = nil, clock: (any TrainingClock)? = nil,
                hasAnswers: @escaping @MainActor () -> Bool = { true }, opening: Opening = .usual,
                logger: Logger = Logger(label: "peach.box")) {
        self.alerts = alerts
        self.texts = texts
        self.announcer = announcer
        self.reports = reports
        self.comparison = comparison
        self.matching = matching
        self.check = check
        self.clock = clock
        self.hasAnswers = hasAnswers
        self.opening = modeOverride != nil && opening == .usual ? .training : opening
        // The check comes after the skill sessions: `session(for:)` finds Hear & Compare's own.
        sessions = [comparison, matching] + rhythm + (check.map { [$0] } ?? [])
        tour = announcer != nil ? clock.map { ControlTour(clock: $0) { announcer?.say($0, then: $1) } } : nil
        self.interruptions = interruptions
        self.modeMemory = modeMemory
        self.logger = logger
        self.mode = modeOverride ?? modeMemory.lastMode ?? .compare
        if let modeOverride { modeMemory.remember(modeOverride) }
        for session in sessions { session.onChange = { [weak self] in self?.onChange?() } }
        check?.onFinished = { [weak self] in self?.checkFinished() }
        tour?.onChange = { [weak self] in self?.onChange?() }
        tour?.onEnd = { [weak self] in self?.tourEnded($0) }
    }

    public var activity: Activity {
        if isTouring { return .touring }
        if let pendingStart { return .training(pendingStart) }
        if let running = runningSession?.runningMode { return .training(running) }
        if connectedControllers.isEmpty { return .waitingForController }
        return isAudioAvailable ? .ready : .waitingForAudio
    }

    public var isTraining: Bool { pendingStart != nil || runningSession != nil }

    public var isTouring: Bool { tour?.isRunning ?? false }

    /// The skill a controller's mapper reads its controls for: the tour step's, else the one training.
    public var inputSkill: TrainingMode.Skill? {
        if isTouring { return tour?.inputSkill }
        if case .training(let mode) = activity { return mode.skill }
        return nil
    }

    /// The session training now, if any.
    public var runningSession: (any TrainingSession)? { sessions.first { $0.runningMode != nil } }

    /// The session that trains `mode`; nil when this box has none for it.
    public func session(for mode: TrainingMode) -> (any TrainingSession)? { sessions.first { $0.skill == mode.skill } }

    /// The tuning control's current value (the computer keyboard moves it in steps from here).
    public var tuningControlValue: Double { matching.controlValue }

    // MARK: Controllers

    public func controllerConnected(_ controller: ControllerID) {
        if !connectedControllers.contains(controller) { connectedControllers.append(controller) }
        controllerInUse = controller
        logger.info("\(texts.current.text(.boxControllerConnected, "\(controller)"))")
        if !isTraining, !isTouring { open() }
        onChange?()
    }

    public func controllerDisconnected(_ controller: ControllerID) {
        guard let index = connectedControllers.firstIndex(of: controller) else { return }
        connectedControllers.remove(at: index)
        logger.info("\(texts.current.text(.boxControllerDisconnected, "\(controller)"))")
        if controllerInUse == controller || connectedControllers.isEmpty {
            controllerInUse = connectedControllers.last
            interrupt(.controllerDisconnected(name: controller.description))
        }
        onChange?()
    }

    /// What a controller (or the computer keyboard) asks for, already mapped.
    public func handle(_ action: ControllerAction, from controller: ControllerID? = nil) {
        if let controller, connectedControllers.contains(controller) { controllerInUse = controller }
        if let tour, tour.isRunning { return tour.handle(action) }
        if isGesture(action) { return }
        switch action {
        case .answer, .tap, .adjustTuning, .commitTuning:
            runningSession?.handle(action)
        case .start(let requested):
            // The mode already running is not restarted, only confirmed.
            if activity != .training(requested) { start(requested) } else if announcer != nil { interject(.mode(requested)) }
        case .stop:
            stopTraining()
        case .report:
            report()
        }
    }

    // MARK: Outside events

    public func audioOutputFailed(_ reason: String) {
        logger.error("\(texts.current.text(.boxAudioFailed, reason))")
        isAudioAvailable = false
        interrupt(.audioInterruptionBegan)
        onChange?()
    }

    public func audioOutputRecovered() {
        isAudioAvailable = true
        interruptions.post(.audioInterruptionEnded)
        if startsWhenAudioAppears, !connectedControllers.isEmpty, !isTraining {
            logger.info("\(texts.current.text(.boxAudioThereStarting))")
            start(mode)
        } else {
            logger.info("\(texts.current.text(.boxAudioBack))")
            say(.audioBack)
        }
        onChange?()
    }

    /// At start-up the audio output is missing or busy: wait for it, then start by itself (unlike
    /// after a loss during training, which waits for the player).
    public func audioOutputMissingAtStart(_ reason: String) {
        logger.warning("\(texts.current.text(.boxWaitingForAudio, reason))")
        isAudioAvailable = false
        startsWhenAudioAppears = true
        onChange?()
    }

    /// The history refused an answer: told once (an alert cue, the status line) until it recovers.
    public func historyRefused(_ reason: String, keptInJournal: Bool) {
        historyProblem = HistoryProblem(reason: reason, isKeptInJournal: keptInJournal)
        alerts?.announce(.historyUnavailable)
        say(.answersNotSaved(kept: keptInJournal))
        onChange?()
    }

    public func historyRecovered() {
        guard historyProblem != nil else { return }
        historyProblem = nil
        alerts?.announce(.historyRecovered)
        say(.answersSavedAgain)
        onChange?()
    }

    /// SIGINT, SIGTERM, quit: the same stop path as every other interruption.
    public func shutDown() {
        interrupt(.shuttingDown)
    }

    // MARK: Training

    /// Starts `mode` (stopping the running session first) and remembers it; with an announcer, once
    /// the mode's name has been said.
    public func start(_ mode: TrainingMode) {
        guard prepareStart(mode) else { return }
        say(.mode(mode)) { [weak self] in self?.begin(mode) }
    }

    /// What a start does before its prompt: the tour or the check ends, the running session stops,
    /// `mode` is remembered and pending. False (said in the log) without an audio output.
    func prepareStart(_ mode: TrainingMode) -> Bool {
        tour?.cancel()
        pendingCheck = nil
        self.mode = mode
        modeMemory.remember(mode)
        guard isAudioAvailable else {
            logger.warning("\(texts.current.text(.boxNotStarting, mode.rawValue))")
            onChange?()
            return false
        }
        lastInterruption = nil
        startsWhenAudioAppears = false
        stopSessions()
        pendingStart = mode
        onChange?()
        return true
    }

    /// The session of `mode` starts, unless something else was asked for while its name was said.
    func begin(_ mode: TrainingMode) {
        guard pendingStart == mode, pendingCheck == nil, isAudioAvailable else { return }
        pendingStart = nil
        stopSessions()
        guard let session = session(for: mode) else {
            logger.warning("\(texts.current.text(.boxModeNotAvailable, mode.rawValue))")
            return onChange?() ?? ()
        }
        logger.info("\(texts.current.text(.boxStarting, mode.rawValue))")
        session.start(mode)
        onChange?()
    }

    public func stopTraining() {
        pendingStart = nil
        pendingCheck = nil
        stopSessions()
        say(.stopped)
        onChange?()
    }

    func stopSessions() {
        for session in sessions { session.stop() }
    }

    private func interrupt(_ interruption: TrainingInterruption) {
        if isTraining, interruption.stopsTraining { lastInterruption = interruption }
        if interruption.stopsTraining {
            pendingStart = nil
            pendingCheck = nil
            tour?.cancel()
        }
        interruptions.post(interruption)
        // After the sessions have stopped, so that nothing waiting for the prompt starts an exercise.
        if interruption.stopsTraining { announcer?.hush() }
    }
}

/// Why answers are not reaching the history.
public struct HistoryProblem: Hashable, Sendable {
    public var reason: String
    /// False when the journal cannot be written either: answers live only in memory until then.
    public var isKeptInJournal: Bool
}
