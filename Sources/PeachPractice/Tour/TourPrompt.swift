import PeachDomain

/// One thing the tour asks the player to press.
public enum TourStep: Hashable, Sendable, CaseIterable {
    /// The key (or flick) that answers "higher".
    case higher
    case lower
    /// Tune & Match's tuning control.
    case tuning
    /// A mode's control: the one for Tune & Match (`modeTaught`).
    case modes
    /// The report control.
    case report

    /// The mode whose control the modes step asks for.
    public static let modeTaught = TrainingMode.match

    /// How the controller's mapping reads its controls while the step waits: answers as in Hear &
    /// Compare, the tuning control as in Tune & Match.
    var skill: TrainingMode.Skill { self == .tuning ? .match : .compare }
}

/// What the player pressed in the tour, when it was not what the step asked for.
public enum TourPress: Hashable, Sendable {
    case answer(higher: Bool)
    case mode(TrainingMode)
    case report
    case tuning
}

/// What the tour says.
public enum TourPrompt: Hashable, Sendable {
    /// The tour begins, and how to skip it (and stop training): the stop controls.
    case welcome(stop: [SpokenControl])
    /// A step asks for its controls; `afterRight` when the last press was right.
    case ask(TourStep, controls: [SpokenControl], afterRight: Bool)
    /// The player pressed something else: what it was, and the step's controls again.
    case wrong(TourPress, step: TourStep, controls: [SpokenControl])
    /// The tour is over: how to hear it again and how to start a hearing check.
    case end
}
