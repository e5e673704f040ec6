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
    public init(of box: PracticeBox, profile: any CompareProfile, rhythm: LiveRhythmProfile? = nil, range: NoteRange,
                texts: Texts) {
        mode = box.mode
        switch box.activity {
        case .waitingForController:
            activity = texts.text(.statusWaitingForController)
        case .waitingForAudio:
            activity = texts.text(.statusWaitingForAudio)
        case .ready:
            activity = box.lastInterruption.map { texts.text(.statusStoppedBecause, texts.reason($0)) }
                ?? texts.text(.statusStoppedStartFromController)
        case .touring:
            activity = texts.text(.statusTour)
        case .training(let mode) where box.pendingStart == mode:
            self.mode = mode
            activity = texts.text(.statusStarting)
        case .training(let mode):
            self.mode = mode
            // The running session: the hearing check when it runs, else the mode's own.
            activity = (box.runningSession ?? box.session(for: mode))?.status(texts).activity ?? texts.text(.statusStopped)
        }
        modeName = texts.name(mode)
        if let session = box.runningSession ?? box.session(for: mode) {
            let status = session.status(texts)
            lastResult = status.lastResult
            error = status.error
        }
        switch mode.skill {
        case .compare:
            // Never waits for a fit: the last one shows until the next is in (none before the first).
            if case .fitted(let estimate) = profile.latestThresholdEstimate(for: mode, range: range) {
                threshold = texts.threshold(estimate?.overallValue ?? .notEnoughAnswers)
            }
        case .match:
            threshold = texts.matching(profile.matchAccuracy(for: mode))
        case .compareTiming, .fillTheGap:
            threshold = rhythm.map { Self.rhythmFigures(mode, $0, texts) }
        }
        if let problem = box.historyProblem {
            error = texts.text(problem.isKeptInJournal ? .statusHistoryBusy : .statusAnswersNotSaved)
        }
    }

    /// Compare Timing's thresholds in the band trained last (or the one set now), Fill the Gap's bias
    /// and spread.
    @MainActor
    static func rhythmFigures(_ mode: TrainingMode, _ rhythm: LiveRhythmProfile, _ texts: Texts) -> String {
        if mode == .compareTiming {
            guard let band = rhythm.profile.latestBand else { return texts.text(.statusTappingNotEnough) }
            let fitted = rhythm.thresholds(in: band)
            guard let early = fitted[.early].flatMap({ $0.isConclusive ? $0.milliseconds : nil }),
                  let late = fitted[.late].flatMap({ $0.isConclusive ? $0.milliseconds : nil }) else {
                return texts.text(.statusTimingNotEnough, band.lowest, band.highest)
            }
            return texts.text(.statusTimingThresholds, early.value, early.low, early.high, late.value, late.low, late.high)
        }
        guard let bias = rhythm.profile.tapping.bias, let spread = rhythm.profile.tapping.spread else {
            return texts.text(.statusTappingNotEnough)
        }
        return texts.text(.statusTapping, Decimals(bias.value, 1, signed: true), Decimals(bias.low, 1, signed: true),
                          Decimals(bias.high, 1, signed: true), Decimals(spread.value, 1))
    }

    /// The status as one line, cut to `width` characters.
    public func line(width: Int = 200) -> String {
        let parts = [modeName, activity, lastResult, error, threshold].compactMap { $0 }
        let text = parts.joined(separator: " │ ")
        return text.count <= width ? text : String(text.prefix(max(0, width - 1))) + "…"
    }
}
