import PeachDomain

/// Somewhere the outcome of an answer is made perceptible: an audible cue, controller LEDs.
@MainActor
public protocol FeedbackOutput: AnyObject {
    func give(_ feedback: AnswerResult)
    /// Something the player must know that is not an answer's outcome (LEDs ignore it by default).
    func alert(_ alert: BoxAlert)
}

extension FeedbackOutput {
    public func alert(_ alert: BoxAlert) {}
}

/// Hears of every answer from both sessions and passes its feedback on to every output.
/// Registered as an observer of the sessions, after the store, so feedback follows recording.
@MainActor
public final class FeedbackAnnouncer: CompareObserver, MatchObserver, RhythmObserver {
    private var outputs: [any FeedbackOutput]
    public private(set) var lastFeedback: AnswerResult?

    public init(outputs: [any FeedbackOutput] = []) {
        self.outputs = outputs
    }

    public func add(_ output: any FeedbackOutput) {
        outputs.append(output)
    }

    public func compareAnswered(_ completed: CompareAnswer) {
        announce(AnswerResult(completed))
    }

    public func matchAnswered(_ completed: MatchAnswer) {
        announce(AnswerResult(completed))
    }

    /// Compare Timing: right or wrong. Fill the Gap gives none: each tap sounds the click it fills,
    /// and a cue after a trial would fall into the next one's pattern.
    public func rhythmAnswered(_ answer: RhythmAnswer) {
        if case .timing(let timing) = answer { announce(AnswerResult(timing)) }
    }

    public func announce(_ alert: BoxAlert) {
        for output in outputs {
            output.alert(alert)
        }
    }

    private func announce(_ feedback: AnswerResult) {
        lastFeedback = feedback
        for output in outputs {
            output.give(feedback)
        }
    }
}
