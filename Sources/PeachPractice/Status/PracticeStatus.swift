import Foundation
import PeachDomain

/// The one-line summary a terminal shows: mode, what is happening, the last result, the last error
/// and the measured threshold (or matching accuracy). Never reveals which way the pending answer goes.
public struct PracticeStatus: Hashable, Sendable {
    public var mode: TrainingMode
    public var activity: String
    public var lastResult: String?
    public var error: String?
    public var threshold: String?

    public init(mode: TrainingMode, activity: String, lastResult: String? = nil, error: String? = nil,
                threshold: String? = nil) {
        self.mode = mode
        self.activity = activity
        self.lastResult = lastResult
        self.error = error
        self.threshold = threshold
    }

    @MainActor
    public init(of box: PracticeBox, profile: any PitchDiscriminationProfile, range: NoteRange) {
        mode = box.mode
        switch box.activity {
        case .waitingForController:
            activity = "waiting for a controller"
        case .waitingForAudio:
            activity = "audio output unavailable; waiting for it"
        case .ready:
            activity = box.lastInterruption.map { "stopped (\($0))" } ?? "stopped; start from the controller"
        case .training(let mode) where box.pendingStart == mode:
            self.mode = mode
            activity = "starting"
        case .training(let mode):
            self.mode = mode
            activity = mode.skill == .comparison ? Self.describe(box.comparison.state) : Self.describe(box.matching.state)
        }
        if box.comparison.isRunning || mode.skill == .comparison {
            if let last = box.comparison.lastCompleted {
                let size = Self.cents(last.comparison.centOffset.magnitude)
                lastResult = last.isCorrect ? "correct at \(size)" : "wrong at \(size)"
            }
            if let failure = box.comparison.lastError { error = "error: \(failure)" }
            let estimate = profile.thresholdEstimate(for: TrainingMode(skill: .comparison, scope: mode.scope), range: range)
            threshold = MeasurementWording.threshold(estimate?.overall)
        } else {
            if let last = box.matching.lastCompleted {
                lastResult = "\(Self.signedCents(last.userCentError)) (\(last.feedback.rawValue))"
            }
            if let failure = box.matching.lastError { error = "error: \(failure)" }
            let accuracy = profile.matchingAccuracy(for: TrainingMode(skill: .matching, scope: mode.scope))
            threshold = MeasurementWording.matching(accuracy)
        }
        if let problem = box.historyProblem {
            error = problem.isKeptInJournal ? "history busy: answers kept, saved later"
                : "answers NOT saved: the history and its journal cannot be written"
        }
    }

    /// The status as one line, cut to `width` characters.
    public func line(width: Int = 200) -> String {
        let parts = [mode.displayName, activity, lastResult, error, threshold].compactMap { $0 }
        let text = parts.joined(separator: " │ ")
        return text.count <= width ? text : String(text.prefix(max(0, width - 1))) + "…"
    }

    private static func describe(_ state: ComparisonSession.State) -> String {
        switch state {
        case .idle: "stopped"
        case .playingNote1: "first note"
        case .playingNote2, .awaitingAnswer: "second note: higher or lower?"
        case .showingFeedback: "next comes"
        }
    }

    private static func describe(_ state: PitchMatchingSession.State) -> String {
        switch state {
        case .idle: "stopped"
        case .playingReference: "reference note"
        case .awaitingTuning: "move the tuning control to start your note"
        case .playingTunable: "tune your note, then let go or commit"
        case .showingFeedback: "next comes"
        }
    }

    private static func cents(_ value: Cents) -> String {
        MeasurementWording.cents(value.rawValue) + " ct"
    }

    private static func signedCents(_ value: Cents) -> String {
        (value.rawValue >= 0 ? "+" : "") + MeasurementWording.cents(value.rawValue) + " ct"
    }
}
