import Foundation
import Logging
import PeachDomain
import PeachText

/// Each answer as a log line (journald on the box): what was asked, how it went, and the mode's
/// measurement with that answer included (the profile observes before this log). The fit runs
/// beside the main actor, so a Hear & Compare line is written once it is in (the feedback cue and
/// the next note never wait for it); lines keep the answers' order, and those still waiting at the
/// end are written by `flush`.
@MainActor
final class ResultLog: CompareObserver, MatchObserver, RhythmObserver {
    private let logger: Logger
    private let profile: PerceptualProfile
    private let settings: any TrainingSettingsProvider
    private let texts: LiveTexts
    /// Answers not yet logged, oldest first.
    private var waiting: [Answer] = []
    private var writing: Task<Void, Never>?

    private enum Answer {
        case compare(CompareAnswer, range: NoteRange)
        case match(MatchAnswer, accuracy: MatchAccuracy?)
    }

    init(profile: PerceptualProfile, settings: any TrainingSettingsProvider, texts: LiveTexts,
         logger: Logger = Logger(label: "peach.result")) {
        self.logger = logger
        self.profile = profile
        self.settings = settings
        self.texts = texts
    }

    func compareAnswered(_ completed: CompareAnswer) {
        enqueue(.compare(completed, range: settings.currentSettings.noteRange))
    }

    func matchAnswered(_ completed: MatchAnswer) {
        enqueue(.match(completed, accuracy: profile.matchAccuracy(for: completed.mode)))
    }

    /// A rhythm answer's line at once: it has no fit to wait for.
    func rhythmAnswered(_ answer: RhythmAnswer) {
        let texts = self.texts.current
        let line: String
        switch answer {
        case .timing(let timing):
            let said = timing.isCorrect == (timing.offsetMs < 0) ? BoxRuntimeText.answerEarly : .answerLate
            line = texts.text(.logTiming, timing.tempo.rawValue, Decimals(timing.offsetMs, 1, signed: true), texts.text(said),
                              texts.text(timing.isCorrect ? .answerCorrect : .answerWrong))
        case .gapFill(let trial):
            let offsets = trial.taps?.hits.map(\.offsetMs) ?? []
            let spread = WelfordAccumulator(offsets).standardDeviation ?? .nan
            line = texts.text(.logGapFill, trial.tempo.rawValue, Decimals(trial.meanOffsetMs, 1, signed: true),
                              offsets.count, FillTheGapTrainer.cyclesPerTrial, Decimals(spread, 1))
        }
        logger.info("\(line)")
    }

    /// Writes every line still waiting, fitting here and now (at the end of a run).
    func flush() {
        writing?.cancel()
        writing = nil
        for answer in waiting { write(answer, estimate: estimate(now: answer)) }
        waiting = []
    }

    /// Once every answer so far is written.
    func written() async {
        while let writing { await writing.value }
    }

    private func enqueue(_ answer: Answer) {
        waiting.append(answer)
        guard writing == nil else { return }
        writing = Task { [weak self] in
            while let self, let answer = self.waiting.first {
                var fitted: ThresholdEstimate?
                if case .compare(let completed, let range) = answer {
                    fitted = await profile.currentThresholdEstimate(for: completed.mode, range: range)
                }
                // `flush` (which cancels this writer first) may have written it meanwhile.
                guard !Task.isCancelled else { return }
                waiting.removeFirst()
                write(answer, estimate: fitted)
            }
            // A writer `flush` cancelled leaves alone the one that may have started since.
            if !Task.isCancelled { self?.writing = nil }
        }
    }

    private func estimate(now answer: Answer) -> ThresholdEstimate? {
        guard case .compare(let completed, let range) = answer else { return nil }
        return profile.thresholdEstimate(for: completed.mode, range: range)
    }

    private func write(_ answer: Answer, estimate: ThresholdEstimate?) {
        let texts = self.texts.current
        switch answer {
        case .compare(let completed, _):
            let line = texts.text(.logComparison, texts.name(completed.referenceNote), texts.name(completed.targetNote),
                                  Decimals(completed.centOffset.rawValue, 2, signed: true),
                                  texts.text(completed.answeredHigher ? .answerHigher : .answerLower),
                                  texts.text(completed.isCorrect ? .answerCorrect : .answerWrong),
                                  texts.threshold(estimate?.overallValue ?? .notEnoughAnswers))
            logger.info("\(line)")
        case .match(let completed, let accuracy):
            let line = texts.text(.logPitchMatching, texts.name(completed.referenceNote), texts.name(completed.targetNote),
                                  Decimals(completed.initialCentOffset.rawValue, 2, signed: true),
                                  Decimals(completed.userCentError.rawValue, 3, signed: true), texts.name(completed.result),
                                  texts.matching(accuracy))
            logger.info("\(line)")
        }
    }
}
