/// Chooses the next comparison of a run.
public protocol NextComparisonStrategy: Sendable {
    /// - Parameters:
    ///   - overallThreshold: the profile's overall mean threshold, if the player has one.
    ///   - lastComparison: the previous answer in this run; nil at the start of a run.
    func nextComparison(
        settings: TrainingSettings,
        interval: DirectedInterval,
        overallThreshold: Cents?,
        lastComparison: CompletedComparison?,
        random: inout any RandomNumberGenerator
    ) -> Comparison
}
