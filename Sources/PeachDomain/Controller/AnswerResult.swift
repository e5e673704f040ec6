/// How an answer went, as the player perceives it without a screen: an audible cue and, where the
/// controller's mapping defines them, LEDs. Hear & Compare answers are right or wrong; Tune & Match
/// answers are close (under 10 cents off), moderate (10–30) or far (over 30).
public enum AnswerResult: String, CaseIterable, Hashable, Sendable {
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

    public init(_ answer: CompareAnswer) {
        self = answer.isCorrect ? .correct : .wrong
    }

    /// Compare Timing's answers are right or wrong too.
    public init(_ answer: TimingAnswer) {
        self = answer.isCorrect ? .correct : .wrong
    }

    public init(_ answer: MatchAnswer) {
        self.init(error: answer.userCentError)
    }

    /// A Tune & Match result for the committed note's error in cents.
    public init(error: Cents) {
        switch error.magnitude.rawValue {
        case ..<10: self = .close
        case ...30: self = .moderate
        default: self = .far
        }
    }
}
