/// What the comparison strategy and the status line need to know of the player's hearing.
@MainActor
public protocol PitchDiscriminationProfile: AnyObject {
    /// The fitted thresholds of `mode` over `range`; nil before there is enough to fit.
    func thresholdEstimate(for mode: TrainingMode, range: NoteRange) -> ThresholdEstimate?

    /// Tune & Match accuracy in `mode`; nil before there are enough attempts.
    func matchingAccuracy(for mode: TrainingMode) -> MatchingAccuracy?
}
