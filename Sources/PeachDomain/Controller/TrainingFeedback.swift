/// The outcome of one answer, as the player perceives it without a screen: an audible cue and,
/// where the controller's mapping defines them, LEDs.
public enum TrainingFeedback: String, CaseIterable, Hashable, Sendable {
    /// Hear & Compare, right answer.
    case correct
    /// Hear & Compare, wrong answer.
    case wrong
    /// Tune & Match within 10 cents.
    case close
    /// Tune & Match within 10–30 cents.
    case moderate
    /// Tune & Match off by more than 30 cents.
    case far

    public init(_ comparison: CompletedComparison) {
        self = comparison.isCorrect ? .correct : .wrong
    }

    public init(_ matching: CompletedPitchMatching) {
        switch matching.feedback {
        case .close: self = .close
        case .moderate: self = .moderate
        case .far: self = .far
        }
    }
}
