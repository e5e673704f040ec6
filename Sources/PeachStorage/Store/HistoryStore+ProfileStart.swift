import Foundation
import GRDB
import PeachDomain

/// What `peach run` starts its profile from (`HistoryStore.startingProfile()`).
public struct StartingProfile: Sendable {
    public let answers: ProfileAnswers
    /// True when a saved checkpoint still described the history and only the rows after it were read.
    public let continuedFromCheckpoint: Bool
    /// The rows read: the whole history without a usable checkpoint, else those since it.
    public let rowsRead: Int
    /// Whether the stored checkpoint now covers these answers (saved now, or nothing was read since it).
    public let checkpointIsCurrent: Bool
}

extension HistoryStore {
    /// The profile's answers, the same to the bit as reading every answer in the store's order
    /// (`forEachAnswer`), in a time that grows with the answers since the last checkpoint rather than
    /// with the history: the checkpoint is checked, the answers after it are added, and a fresh one
    /// is saved in the same transaction. A checkpoint that is missing, unreadable, of another version
    /// or no longer true of the history is not used: every answer is read instead.
    ///
    /// It is saved at every start that read something, never while training: a start then reads at most
    /// the answers of one run (or of the runs a power cut ended), and what it saves was computed from
    /// the stored rows in their order, never from answers in memory, which a clock set back or a
    /// refused write could have put in another order.
    ///
    /// When the checkpoint cannot be saved (the history is locked, the disk full, read-only) the
    /// answers are still returned.
    public func startingProfile() throws(HistoryError) -> StartingProfile {
        let gathered: ProfileGathering.Result
        var saved = false
        do {
            (gathered, saved) = try database.write { db in
                let result = try ProfileGathering.gather(db)
                guard let fresh = result.fresh else { return (result, false) }
                do {
                    try fresh.save(db)
                    return (result, true)
                } catch {
                    return (result, false)
                }
            }
        } catch {
            // No write transaction (or its commit failed): the same answers, read without saving.
            gathered = try read { db in try ProfileGathering.gather(db) }
            saved = false
        }
        return StartingProfile(answers: gathered.answers, continuedFromCheckpoint: gathered.continuedFromCheckpoint,
                               rowsRead: gathered.rowsRead,
                               checkpointIsCurrent: saved || gathered.fresh == nil && gathered.continuedFromCheckpoint)
    }
}
