import PeachDomain
import PeachText

/// The hearing check as the box runs it: Hear & Compare – single notes with the check's placement
/// (`HearingCheck`), on a trainer of its own whose answers go to the same observers as training's
/// (history, profile, result log, cues). It is not one of the box's skill sessions: the box starts
/// it by name (`PracticeBox.startCheck`) and, when it has its answer, says the result and goes on
/// training Hear & Compare.
///
/// A prompt said in the middle of an exercise stops the trainer, which would start a new check;
/// `resume()` goes on with the check's answers so far instead.
@MainActor
public final class HearingCheckSession: TrainingSession {
    public let trainer: CompareTrainer
    private let placement: ResumablePlacement

    /// `makeTrainer` builds the check's trainer around the strategy it is given.
    public init(makeTrainer: (any NextCompareStrategy) -> CompareTrainer) {
        placement = ResumablePlacement()
        trainer = makeTrainer(placement)
    }

    /// The check of the run going on, or of the last one.
    public var check: HearingCheck { placement.check }

    public var skill: TrainingMode.Skill { .compare }
    public var runningMode: TrainingMode? { trainer.runningMode }
    public var isBetweenExercises: Bool { trainer.isBetweenExercises }
    public var onChange: (@MainActor () -> Void)? {
        get { trainer.onChange }
        set { trainer.onChange = newValue }
    }
    /// Called once the check has its answer (the trainer idle again).
    public var onFinished: (@MainActor () -> Void)? {
        get { trainer.onFinished }
        set { trainer.onFinished = newValue }
    }

    /// A new check, from no answers.
    public func start(_ mode: TrainingMode) { trainer.start(.singleNotes) }

    /// Goes on with the check stopped for a prompt, keeping its answers.
    public func resume() {
        placement.keepsNextRun = placement.check.posterior.answers > 0
        trainer.start(.singleNotes)
    }

    public func stop() { trainer.stop() }
    public func handle(_ action: ControllerAction) { trainer.handle(action) }

    /// "hearing check: answer 12 of at most 80", the answer being asked for.
    public func status(_ texts: Texts) -> (activity: String, lastResult: String?, error: String?) {
        let trained = trainer.status(texts)
        let asked = min(check.posterior.answers + 1, HearingCheck.mostAnswers)
        return (texts.text(.statusHearingCheck, asked, HearingCheck.mostAnswers), trained.lastResult, trained.error)
    }

    public var lastResult: SpokenReport.LastResult? { trainer.lastResult }
}

/// The check's placement, which can keep its answers over one restart of the trainer.
@MainActor
private final class ResumablePlacement: NextCompareStrategy {
    let check = HearingCheck()
    var keepsNextRun = false

    func startRun(mode: TrainingMode, settings: TrainingSettings, estimate: ThresholdEstimate?) {
        guard !keepsNextRun else { return keepsNextRun = false }
        check.startRun(mode: mode, settings: settings, estimate: estimate)
    }

    func nextExercise(settings: TrainingSettings, interval: DirectedInterval,
                      random: inout any RandomNumberGenerator) -> CompareExercise {
        check.nextExercise(settings: settings, interval: interval, random: &random)
    }

    func answered(_ completed: CompareAnswer) { check.answered(completed) }
    var isFinished: Bool { check.isFinished }
}
