/// What the Hear & Compare strategy and the status line need to know of the player's hearing.
@MainActor
public protocol CompareProfile: AnyObject {
    /// The fitted thresholds of `mode` over `range`; nil before there is enough to fit.
    func thresholdEstimate(for mode: TrainingMode, range: NoteRange) -> ThresholdEstimate?

    /// The last fitted thresholds, without waiting for a fit of the latest answers (which this starts
    /// beside the main actor when they are not in it); `.fitting` before the first.
    func latestThresholdEstimate(for mode: TrainingMode, range: NoteRange) -> LatestThreshold

    /// Tune & Match accuracy in `mode`; nil before there are enough attempts.
    func matchAccuracy(for mode: TrainingMode) -> MatchAccuracy?
}

/// The last fit as it stands: none yet, or its estimate (nil when there were too few answers).
public enum LatestThreshold: Hashable, Sendable {
    case fitting
    case fitted(ThresholdEstimate?)
}
