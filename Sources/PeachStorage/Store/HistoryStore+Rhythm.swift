import Foundation
import GRDB
import PeachDomain

extension HistoryStore {
    /// Every rhythm answer, each kind oldest first (by time, then as stored), Fill the Gap's trials
    /// with their taps where they were trained here, handed over one at a time from database cursors
    /// within one read (see `forEachAnswer`).
    public func forEachRhythmAnswer(timing: (TimingAnswer) throws -> Void, gapFill: (GapFillAnswer) throws -> Void) throws {
        try reading { reader in try reader.forEachRhythmAnswer(timing: timing, gapFill: gapFill) }
    }

    /// Every rhythm answer gathered: the rhythm profile and trends as `peach profile` has them.
    public func rhythmDigest() throws(HistoryError) -> RhythmDigest {
        var digest = RhythmDigest()
        try read { db in
            try HistoryReader(db: db).forEachRhythmAnswer(timing: { digest.add($0) }, gapFill: { digest.add($0) })
        }
        return digest
    }
}

/// The store records every rhythm answer the trainers report, a Fill the Gap trial with its taps.
extension HistoryStore: RhythmObserver {
    public func rhythmAnswered(_ answer: RhythmAnswer) throws {
        try save([Answer(answer)], skippingStored: false)
    }
}

extension Answer {
    public init(_ answer: RhythmAnswer) {
        switch answer {
        case .timing(let record): self = .timing(record)
        case .gapFill(let record): self = .gapFill(record)
        }
    }
}
