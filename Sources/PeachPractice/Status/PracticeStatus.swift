import Foundation
import PeachDomain

/// The one-line summary a terminal shows: mode, what is happening, the last result, the session best
/// or the last error, and the current threshold. Never reveals which way the pending answer goes.
public struct PracticeStatus: Hashable, Sendable {
    public var mode: TrainingMode
    public var activity: String
    public var lastResult: String?
    public var bestOrError: String?
    public var threshold: String?

    public init(mode: TrainingMode, activity: String, lastResult: String? = nil, bestOrError: String? = nil,
                threshold: String? = nil) {
        self.mode = mode
        self.activity = activity
        self.lastResult = lastResult
        self.bestOrError = bestOrError
        self.threshold = threshold
    }

    @MainActor
    public init(of box: PracticeBox, profile: any PitchDiscriminationProfile) {
        mode = box.mode
        switch box.activity {
        case .waitingForController:
            activity = "waiting for a controller"
        case .waitingForAudio:
            activity = "audio output unavailable; waiting for it"
        case .ready:
            activity = box.lastInterruption.map { "stopped (\($0))" } ?? "stopped; start from the controller"
        case .training(let mode):
            self.mode = mode
            activity = mode.skill == .comparison ? Self.describe(box.comparison.state) : Self.describe(box.matching.state)
        }
        if box.comparison.isRunning || mode.skill == .comparison {
            if let last = box.comparison.lastCompleted {
                let size = Self.cents(last.comparison.centOffset.magnitude)
                lastResult = last.isCorrect ? "correct at \(size)" : "wrong at \(size)"
            }
            if let error = box.comparison.lastError {
                bestOrError = "error: \(error)"
            } else if let best = box.comparison.sessionBest {
                bestOrError = "best \(Self.cents(best))"
            }
            if let current = box.comparison.currentComparison {
                threshold = "now \(Self.cents(current.centOffset.magnitude))"
            } else if let mean = profile.overallMean {
                threshold = "threshold \(Self.cents(mean))"
            }
        } else {
            if let last = box.matching.lastCompleted {
                lastResult = "\(Self.signedCents(last.userCentError)) (\(last.feedback.rawValue))"
            }
            if let error = box.matching.lastError { bestOrError = "error: \(error)" }
            if let mean = profile.overallMean { threshold = "threshold \(Self.cents(mean))" }
        }
        if let problem = box.historyProblem {
            bestOrError = problem.isKeptInJournal ? "history busy: answers kept, saved later"
                : "answers NOT saved: the history and its journal cannot be written"
        }
    }

    /// The status as one line, cut to `width` characters.
    public func line(width: Int = 200) -> String {
        let parts = [mode.displayName, activity, lastResult, bestOrError, threshold].compactMap { $0 }
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
        String(format: "%.1f ¢", value.rawValue)
    }

    private static func signedCents(_ value: Cents) -> String {
        String(format: "%+.1f ¢", value.rawValue)
    }
}
