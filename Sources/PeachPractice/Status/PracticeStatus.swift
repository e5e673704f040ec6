import Foundation
import PeachDomain
import PeachText

/// The one-line summary a terminal shows: mode, what is happening, the last result, the last error
/// and the measured threshold (or matching accuracy). Never reveals which way the pending answer goes.
public struct PracticeStatus: Hashable, Sendable {
    public var mode: TrainingMode
    public var activity: String
    public var lastResult: String?
    public var error: String?
    public var threshold: String?
    /// The mode's name in the status's language.
    public var modeName: String

    public init(mode: TrainingMode, activity: String, lastResult: String? = nil, error: String? = nil,
                threshold: String? = nil, texts: Texts) {
        self.mode = mode
        modeName = texts.name(mode)
        self.activity = activity
        self.lastResult = lastResult
        self.error = error
        self.threshold = threshold
    }

    @MainActor
    public init(of box: PracticeBox, profile: any CompareProfile, range: NoteRange, texts: Texts) {
        mode = box.mode
        switch box.activity {
        case .waitingForController:
            activity = texts.text(.statusWaitingForController)
        case .waitingForAudio:
            activity = texts.text(.statusWaitingForAudio)
        case .ready:
            activity = box.lastInterruption.map { texts.text(.statusStoppedBecause, texts.reason($0)) }
                ?? texts.text(.statusStoppedStartFromController)
        case .training(let mode) where box.pendingStart == mode:
            self.mode = mode
            activity = texts.text(.statusStarting)
        case .training(let mode):
            self.mode = mode
            activity = mode.skill == .compare ? Self.describe(box.comparison.state, texts)
                                                 : Self.describe(box.matching.state, texts)
        }
        modeName = texts.name(mode)
        if box.comparison.isRunning || mode.skill == .compare {
            if let last = box.comparison.lastAnswer {
                lastResult = texts.text(last.isCorrect ? .statusCorrectAt : .statusWrongAt,
                                        last.centOffset.magnitude.rawValue)
            }
            if let failure = box.comparison.lastError { error = texts.text(.statusError, failure) }
            // Never waits for a fit: the last one shows until the next is in (none before the first).
            if case .fitted(let estimate) = profile.latestThresholdEstimate(for: TrainingMode(skill: .compare, scope: mode.scope),
                                                                            range: range) {
                threshold = texts.threshold(estimate?.overallValue ?? .notEnoughAnswers)
            }
        } else {
            if let last = box.matching.lastAnswer {
                lastResult = texts.text(.statusMatchResult, SignedCents(last.userCentError.rawValue), texts.name(last.result))
            }
            if let failure = box.matching.lastError { error = texts.text(.statusError, failure) }
            let accuracy = profile.matchAccuracy(for: TrainingMode(skill: .match, scope: mode.scope))
            threshold = texts.matching(accuracy)
        }
        if let problem = box.historyProblem {
            error = texts.text(problem.isKeptInJournal ? .statusHistoryBusy : .statusAnswersNotSaved)
        }
    }

    /// The status as one line, cut to `width` characters.
    public func line(width: Int = 200) -> String {
        let parts = [modeName, activity, lastResult, error, threshold].compactMap { $0 }
        let text = parts.joined(separator: " │ ")
        return text.count <= width ? text : String(text.prefix(max(0, width - 1))) + "…"
    }

    private static func describe(_ state: CompareTrainer.State, _ texts: Texts) -> String {
        switch state {
        case .idle: texts.text(.statusStopped)
        case .playingNote1: texts.text(.statusFirstNote)
        case .playingNote2, .awaitingAnswer: texts.text(.statusSecondNote)
        case .showingFeedback: texts.text(.statusNextComes)
        }
    }

    private static func describe(_ state: MatchTrainer.State, _ texts: Texts) -> String {
        switch state {
        case .idle: texts.text(.statusStopped)
        case .playingReference: texts.text(.statusReferenceNote)
        case .awaitingTuning: texts.text(.statusAwaitingTuning)
        case .playingTunable: texts.text(.statusTuning)
        case .showingFeedback: texts.text(.statusNextComes)
        }
    }
}
