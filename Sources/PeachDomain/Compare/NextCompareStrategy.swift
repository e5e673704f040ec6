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
}
