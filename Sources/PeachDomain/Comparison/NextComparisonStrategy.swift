/// Chooses the comparisons of a run: which reference note, how large an offset.
@MainActor
public protocol NextComparisonStrategy: AnyObject {
    /// A run begins in `mode`: forget the last run's answers and take the starting levels from what
    /// is measured (`estimate`, nil without enough answers).
    func startRun(mode: TrainingMode, settings: TrainingSettings, estimate: ThresholdEstimate?)

    func nextComparison(settings: TrainingSettings, interval: DirectedInterval,
                        random: inout any RandomNumberGenerator) -> Comparison

    /// The player answered the comparison this strategy chose last.
    func answered(_ completed: CompletedComparison)
}
