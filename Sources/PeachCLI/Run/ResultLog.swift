import Foundation
import Logging
import PeachDomain

/// Each answer as a log line (journald on the box): what was asked, how it went, and the mode's
/// measurement with that answer included (the profile observes before this log).
@MainActor
final class ResultLog: ComparisonObserver, PitchMatchingObserver {
    private let logger = Logger(label: "peach.result")
    private let profile: PerceptualProfile
    private let settings: any TrainingSettingsProvider

    init(profile: PerceptualProfile, settings: any TrainingSettingsProvider) {
        self.profile = profile
        self.settings = settings
    }

    func comparisonCompleted(_ completed: CompletedComparison) {
        let comparison = completed.comparison
        logger.info("""
            comparison \(comparison.referenceNote.name)→\(comparison.targetNote.name) \
            \(String(format: "%+.2f", comparison.centOffset.rawValue)) ¢, answered \(completed.answeredHigher ? "higher" : "lower"): \
            \(completed.isCorrect ? "correct" : "wrong"); threshold \(MeasurementWording.threshold(
                profile.thresholdEstimate(for: ComparisonRecord(completed).mode, range: settings.currentSettings.noteRange)?.overall))
            """)
    }

    func pitchMatchingCompleted(_ completed: CompletedPitchMatching) {
        let challenge = completed.challenge
        logger.info("""
            pitch matching \(challenge.referenceNote.name)→\(challenge.targetNote.name) started \
            \(String(format: "%+.2f", challenge.initialCentOffset.rawValue)) ¢, \
            error \(String(format: "%+.3f", completed.userCentError.rawValue)) ¢ (\(completed.feedback.rawValue)); \
            \(MeasurementWording.matching(profile.matchingAccuracy(for: PitchMatchingRecord(completed).mode)))
            """)
    }
}
