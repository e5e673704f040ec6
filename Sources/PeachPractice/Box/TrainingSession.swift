import PeachDomain
import PeachText

/// One skill's trainer as the box drives it: started in a mode, stopped, and given the player's
/// actions. The box holds one per skill and asks them, never a trainer by name, so a new mode's
/// trainer is added here, in one conformance, and in the assembly.
@MainActor
public protocol TrainingSession: AnyObject {
    var skill: TrainingMode.Skill { get }
    /// The mode running; nil when idle.
    var runningMode: TrainingMode? { get }
    /// Whether a prompt can be said now without throwing an unanswered exercise away.
    var isBetweenExercises: Bool { get }
    var onChange: (@MainActor () -> Void)? { get set }
    func start(_ mode: TrainingMode)
    func stop()
    /// The player's answer, tap or tuning; an action the session has no use for does nothing.
    func handle(_ action: ControllerAction)
    /// The status line's activity, last result and last error.
    func status(_ texts: Texts) -> (activity: String, lastResult: String?, error: String?)
    /// The last answer of this run as the spoken report says it.
    var lastResult: SpokenReport.LastResult? { get }
}

extension CompareTrainer: TrainingSession {
    public var skill: TrainingMode.Skill { .compare }
    public var runningMode: TrainingMode? { isRunning ? TrainingMode(skill: .compare, scope: scope) : nil }
    public var isBetweenExercises: Bool { state == .showingFeedback }
    public func start(_ mode: TrainingMode) { start(mode.scope) }

    public func handle(_ action: ControllerAction) {
        if case .answer(let higher) = action { answer(higher: higher) }
    }

    public func status(_ texts: Texts) -> (activity: String, lastResult: String?, error: String?) {
        let activity: String = switch state {
        case .idle: texts.text(.statusStopped)
        case .playingNote1: texts.text(.statusFirstNote)
        case .playingNote2, .awaitingAnswer: texts.text(.statusSecondNote)
        case .showingFeedback: texts.text(.statusNextComes)
        }
        return (activity, lastAnswer.map { texts.text($0.isCorrect ? .statusCorrectAt : .statusWrongAt, $0.centOffset.magnitude.rawValue) },
                lastError.map { texts.text(.statusError, $0) })
    }

    public var lastResult: SpokenReport.LastResult? {
        lastAnswer.map { .compare(correct: $0.isCorrect, cents: $0.centOffset.magnitude.rawValue) }
    }
}

extension MatchTrainer: TrainingSession {
    public var skill: TrainingMode.Skill { .match }
    public var runningMode: TrainingMode? { isRunning ? TrainingMode(skill: .match, scope: scope) : nil }
    public var isBetweenExercises: Bool { state == .showingFeedback }
    public func start(_ mode: TrainingMode) { start(mode.scope) }

    public func handle(_ action: ControllerAction) {
        switch action {
        case .adjustTuning(let value):
            adjust(value)
        case .commitTuning(let heldValue):
            // Only a note the player has heard can be committed: a release before the tunable note
            // sounds (the wheel moved during the reference) must not start and record one.
            guard state == .playingTunable else { return }
            if let heldValue { adjust(heldValue) }
            commit()
        default:
            break
        }
    }

    public func status(_ texts: Texts) -> (activity: String, lastResult: String?, error: String?) {
        let activity: String = switch state {
        case .idle: texts.text(.statusStopped)
        case .playingReference: texts.text(.statusReferenceNote)
        case .awaitingTuning: texts.text(.statusAwaitingTuning)
        case .playingTunable: texts.text(.statusTuning)
        case .showingFeedback: texts.text(.statusNextComes)
        }
        return (activity, lastAnswer.map { texts.text(.statusMatchResult, SignedCents($0.userCentError.rawValue), texts.name($0.result)) },
                lastError.map { texts.text(.statusError, $0) })
    }

    public var lastResult: SpokenReport.LastResult? { lastAnswer.map { .match(error: $0.userCentError.rawValue) } }
}

extension CompareTimingTrainer: TrainingSession {
    public var skill: TrainingMode.Skill { .compareTiming }
    public var runningMode: TrainingMode? { isRunning ? .compareTiming : nil }
    public var isBetweenExercises: Bool { state == .showingFeedback }
    public func start(_ mode: TrainingMode) { start() }

    /// The higher control says late, the lower early.
    public func handle(_ action: ControllerAction) {
        if case .answer(let higher) = action { answer(early: !higher) }
    }

    public func status(_ texts: Texts) -> (activity: String, lastResult: String?, error: String?) {
        let activity: String = switch state {
        case .idle: texts.text(.statusStopped)
        case .playingPattern: texts.text(.statusListenToTheClicks)
        case .awaitingAnswer: texts.text(.statusEarlyOrLate)
        case .showingFeedback: texts.text(.statusNextComes)
        }
        return (activity, lastAnswer.map { texts.text($0.isCorrect ? .statusTimingCorrectAt : .statusTimingWrongAt, Decimals(abs($0.offsetMs), 1),
                                                texts.text($0.offsetMs < 0 ? .statusEarly : .statusLate)) },
                lastError.map { texts.text(.statusError, $0) })
    }

    public var lastResult: SpokenReport.LastResult? { lastAnswer.map { .timing(correct: $0.isCorrect, milliseconds: abs($0.offsetMs)) } }
}

extension FillTheGapTrainer: TrainingSession {
    public var skill: TrainingMode.Skill { .fillTheGap }
    public var runningMode: TrainingMode? { isRunning ? .fillTheGap : nil }
    /// The pattern never pauses: a prompt is said over it.
    public var isBetweenExercises: Bool { true }
    public func start(_ mode: TrainingMode) { start() }

    /// A tap with its input time; the computer keyboard's answer and commit keys tap when they are
    /// read (they carry no time of their own).
    public func handle(_ action: ControllerAction) {
        switch action {
        case .tap(let time): tap(atMonotonic: time)
        case .answer, .commitTuning: tapNow()
        default: break
        }
    }

    public func status(_ texts: Texts) -> (activity: String, lastResult: String?, error: String?) {
        let activity = isRunning ? texts.text(.statusTapTheGaps) : texts.text(.statusStopped)
        let last = lastAnswer.map { answer in
            texts.text(.statusGapFillResult, Decimals(answer.meanOffsetMs, 1, signed: true), answer.taps?.hits.count ?? 0,
                       FillTheGapTrainer.cyclesPerTrial)
        }
        return (activity, last, lastError.map { texts.text(.statusError, $0) })
    }

    public var lastResult: SpokenReport.LastResult? {
        lastAnswer.map { .gapFill(meanMilliseconds: $0.meanOffsetMs, hits: $0.taps?.hits.count ?? 0) }
    }
}
