/// Chooses the exercises of a run: which reference note, how large an offset.
@MainActor
public protocol NextCompareStrategy: AnyObject {
    /// A run begins in `mode`: forget the last run's answers and start the tracks from what is
    /// measured (`estimate`, nil without enough answers).
    func startRun(mode: TrainingMode, settings: TrainingSettings, estimate: ThresholdEstimate?)

    func nextExercise(settings: TrainingSettings, interval: DirectedInterval,
                      random: inout any RandomNumberGenerator) -> CompareExercise

    /// The player answered the exercise this strategy chose last.
    func answered(_ completed: CompareAnswer)

    /// Whether the run has what it came for: the trainer then ends it after the answer's feedback
    /// (a hearing check). Training runs never finish by themselves.
    var isFinished: Bool { get }
}

extension NextCompareStrategy {
    public var isFinished: Bool { false }
}
