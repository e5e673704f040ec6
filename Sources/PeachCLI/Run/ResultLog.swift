import Foundation
import Logging
import PeachDomain
import PeachText

/// Each answer as a log line (journald on the box): what was asked, how it went, and the mode's
/// measurement with that answer included (the profile observes before this log).
@MainActor
final class ResultLog: ComparisonObserver, PitchMatchingObserver {
    private let logger = Logger(label: "peach.result")
    private let profile: PerceptualProfile
    private let settings: any TrainingSettingsProvider
    private let texts: LiveTexts

    init(profile: PerceptualProfile, settings: any TrainingSettingsProvider, texts: LiveTexts) {
        self.profile = profile
        self.settings = settings
        self.texts = texts
    }

    func comparisonCompleted(_ completed: CompletedComparison) {
        let comparison = completed.comparison
        let texts = self.texts.current
        let threshold = profile.thresholdEstimate(for: ComparisonRecord(completed).mode, range: settings.currentSettings.noteRange)
        let line = texts.text(.logComparison, texts.name(comparison.referenceNote), texts.name(comparison.targetNote),
                              Decimals(comparison.centOffset.rawValue, 2, signed: true),
                              texts.text(completed.answeredHigher ? .answerHigher : .answerLower),
                              texts.text(completed.isCorrect ? .answerCorrect : .answerWrong), texts.threshold(threshold?.overallValue ?? .notEnoughAnswers))
        logger.info("\(line)")
    }

    func pitchMatchingCompleted(_ completed: CompletedPitchMatching) {
        let challenge = completed.challenge
        let texts = self.texts.current
        let accuracy = profile.matchingAccuracy(for: PitchMatchingRecord(completed).mode)
        let line = texts.text(.logPitchMatching, texts.name(challenge.referenceNote), texts.name(challenge.targetNote),
                              Decimals(challenge.initialCentOffset.rawValue, 2, signed: true),
                              Decimals(completed.userCentError.rawValue, 3, signed: true), texts.name(completed.feedback),
                              texts.matching(accuracy))
        logger.info("\(line)")
    }
}
