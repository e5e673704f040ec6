import Foundation
import PeachDomain
import PeachStorage
import Synchronization

/// The digest of the answers older than about a month, kept between reads of the history, so that
/// the dashboard reads again only the last month's answers when the history changes or time moves on.
///
/// Exact: answers older than `ProgressTimeline.weekZone` are grouped by calendar month whenever the
/// digest is made, and nothing else in a digest depends on the time, so the kept digest moved to a
/// later time (`HistoryDigest.asOf`) and given the newer answers is the digest of every answer.
/// It is used only while the answers before its time are those it was made of (`HistoryMark`: an
/// import of old answers or a reset changes that); otherwise the whole history is read again.
/// The rhythm answers are kept alike: their profile and trends take them in order whenever they
/// come, and their timeline's buckets (`RhythmTimeline`) are the pitch timeline's.
final class DigestCheckpoints: Sendable {
    struct Checkpoint: Sendable {
        let mark: HistoryMark
        let digest: HistoryDigest
        let range: NoteRange
    }

    /// How old an answer must be to go into the kept digest: a day more than the week zone.
    static let age: TimeInterval = ProgressTimeline.weekZone + 86400
    /// A kept digest this much older than it could be is made anew, so that what is read again
    /// stays about a month of answers.
    static let renewal: TimeInterval = 7 * 86400

    private let kept = Mutex<Checkpoint?>(nil)
    /// How many digests were made from a kept one (for tests: the short way was taken).
    private let reuses = Atomic<Int>(0)
    var reused: Int { reuses.load(ordering: .relaxed) }

    /// The digest of every answer `reader` reads, as of `now` in `calendar` (the same every time).
    func digest(_ reader: HistoryReader, now: Date, calendar: any TrainingCalendar, range: NoteRange) throws -> HistoryDigest {
        let cut = now.addingTimeInterval(-Self.age)
        if let checkpoint = kept.withLock({ $0 }), checkpoint.range == range, checkpoint.digest.now <= now,
           checkpoint.mark.before <= cut, cut.timeIntervalSince(checkpoint.mark.before) < Self.renewal,
           try reader.mark(before: checkpoint.mark.before) == checkpoint.mark {
            reuses.add(1, ordering: .relaxed)
            var digest = checkpoint.digest.asOf(now)
            try reader.forEachAnswer(from: checkpoint.mark.before, comparison: { digest.add($0) },
                                     pitchMatching: { digest.add($0) })
            try reader.forEachRhythmAnswer(from: checkpoint.mark.before, timing: { digest.add($0) }, gapFill: { digest.add($0) })
            return digest
        }
        var digest = HistoryDigest(now: now, calendar: calendar, progressRange: range)
        let mark = try reader.mark(before: cut)
        try reader.forEachAnswer(before: cut, comparison: { digest.add($0) }, pitchMatching: { digest.add($0) })
        try reader.forEachRhythmAnswer(before: cut, timing: { digest.add($0) }, gapFill: { digest.add($0) })
        let checkpoint = Checkpoint(mark: mark, digest: digest, range: range)
        kept.withLock { $0 = checkpoint }
        try reader.forEachAnswer(from: cut, comparison: { digest.add($0) }, pitchMatching: { digest.add($0) })
        try reader.forEachRhythmAnswer(from: cut, timing: { digest.add($0) }, gapFill: { digest.add($0) })
        return digest
    }
}
