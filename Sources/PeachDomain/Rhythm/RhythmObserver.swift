/// One answer of a rhythm mode: a Compare Timing answer or a Fill the Gap trial.
public enum RhythmAnswer: Hashable, Sendable {
    case timing(TimingAnswer)
    case gapFill(GapFillAnswer)
}

/// Told of every rhythm answer (the history, the status line, the feedback).
@MainActor
public protocol RhythmObserver: AnyObject {
    func rhythmAnswered(_ answer: RhythmAnswer) throws
}
