import Foundation
import PeachDomain
import PeachText

/// `peach run`'s history at start, up to the point where training could begin: answers a previous
/// run could only journal are written, then the profile's answers are gathered (from the checkpoint
/// and the answers since, see `HistoryStore.startingProfile()`), and the rhythm answers' profile.
/// peach-bench's start figure measures this same function.
@MainActor
public struct PracticeStart {
    public let answers: DurableAnswerWriter
    public let profile: PerceptualProfile
    public let gathered: StartingProfile
    /// The rhythm modes' profile (Compare Timing's thresholds per tempo band, Fill the Gap's taps).
    public let rhythm: RhythmDigest

    public static func prepare(_ history: HistoryStore, clock: any TrainingClock, texts: LiveTexts = .english)
        throws(HistoryError) -> PracticeStart {
        history.waitForLocks(upTo: 0.2)
        let answers = DurableAnswerWriter(store: history, journal: AnswerJournal(location: history.location),
                                          clock: clock, texts: texts)
        // Journaled answers go in before the profile is built from the history.
        answers.replayJournal()
        let gathered = try history.startingProfile()
        return PracticeStart(answers: answers, profile: PerceptualProfile(gathered.answers), gathered: gathered,
                             rhythm: try history.rhythmDigest())
    }
}
