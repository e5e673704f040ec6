import Foundation
import PeachReports
import PeachDomain
import PeachStorage
import Testing
@testable import PeachWeb

/// The dashboard keeps the digest of the answers older than about a month and reads only the newer
/// ones again: what it gives must be what one pass over the whole history gives.
@Suite("web dashboard: kept digest")
struct DigestCheckpointsTests {
    static let range = try! NoteRange(lowest: MIDINote(48), highest: MIDINote(72))

    /// A comparison every 5 hours and an attempt every 11, from `start` for `days`.
    static func answers(start: Date, days: Double, seed: Int) -> ([CompareAnswer], [MatchAnswer]) {
        var compareAnswers: [CompareAnswer] = []
        var attempts: [MatchAnswer] = []
        var hours = 0.0
        var index = seed
        while hours < days * 24 {
            index += 1
            let time = start.addingTimeInterval(hours * 3600)
            let note = MIDINote(48 + index % 25)
            let offset = Double(3 + index % 40)
            compareAnswers.append(CompareAnswer(referenceNote: note, targetNote: note, centOffset: Cents(index % 2 == 0 ? offset : -offset),
                                                isCorrect: (index * 7) % 10 < 3 + Int(offset) / 6, tuningSystem: .equalTemperament,
                                                timestamp: time)!)
            if index % 2 == 0 {
                attempts.append(MatchAnswer(referenceNote: note, targetNote: note, initialCentOffset: Cents(20),
                                            userCentError: Cents(Double(index % 13) - 5), tuningSystem: .equalTemperament,
                                            timestamp: time.addingTimeInterval(3600))!)
            }
            hours += 5
        }
        return (compareAnswers, attempts)
    }

    /// A Compare Timing answer every 7 hours (at 80 and at 140 BPM in turn) and a Fill the Gap trial
    /// every 13, from `start` for `days`.
    static func rhythmAnswers(start: Date, days: Double, seed: Int) -> ([TimingAnswer], [GapFillAnswer]) {
        var timing: [TimingAnswer] = []
        var trials: [GapFillAnswer] = []
        var index = seed
        for hours in stride(from: 0.0, to: days * 24, by: 7) {
            index += 1
            let offset = Double(2 + index % 50) * (index % 2 == 0 ? 1 : -1)
            timing.append(TimingAnswer(tempo: TempoBPM(clamping: index % 4 < 2 ? 80 : 140), offsetMs: offset,
                                       isCorrect: (index * 7) % 10 < 3 + Int(abs(offset)) / 8, timestamp: start.addingTimeInterval(hours * 3600)))
        }
        for hours in stride(from: 1.0, to: days * 24, by: 13) {
            index += 1
            let taps = (0..<12).map { (tap: Int) -> GapTaps.Tap in GapTaps.Tap(position: .beat, offsetMs: Double((index + tap) % 9) - 6) }
            trials.append(GapFillAnswer(tempo: TempoBPM(clamping: 80), meanOffsetMs: taps.map(\.offsetMs).reduce(0, +) / 12,
                                        timestamp: start.addingTimeInterval(hours * 3600), taps: GapTaps(hits: taps, misses: 4))!)
        }
        return (timing, trials)
    }

    /// One pass over everything stored, as of `now`.
    static func whole(_ store: HistoryStore, now: Date) throws -> HistoryDigest {
        var digest = HistoryDigest(now: now, calendar: SystemCalendar(), progressRange: range)
        try store.forEachAnswer(comparison: { digest.add($0) }, pitchMatching: { digest.add($0) })
        try store.forEachRhythmAnswer(timing: { digest.add($0) }, gapFill: { digest.add($0) })
        return digest
    }

    static func expectSame(_ kept: HistoryDigest, _ whole: HistoryDigest, _ label: String) {
        #expect(kept.compareAnswerCount == whole.compareAnswerCount, "\(label)")
        #expect(kept.matchAnswerCount == whole.matchAnswerCount, "\(label)")
        for mode in TrainingMode.allCases {
            #expect(kept.timeline[mode] == whole.timeline[mode], "\(label) \(mode)")
            #expect(kept.fittedProgress[mode]?.points == whole.fittedProgress[mode]?.points, "\(label) \(mode)")
        }
        #expect(kept.rhythm.progress == whole.rhythm.progress, "\(label) rhythm")
        #expect(kept.rhythm.timingTrend == whole.rhythm.timingTrend && kept.rhythm.gapFillTrend == whole.rhythm.gapFillTrend, "\(label)")
        #expect(kept.rhythm.profile.timingCount == whole.rhythm.profile.timingCount, "\(label)")
    }

    @Test("new answers, time moving across the 1-, 7- and 30-day edges, an old answer imported: always the whole history's digest")
    func sameAsWholeHistory() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("peach-kept-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let location = DataLocation(directory: directory)
        let store = try #require(try HistoryStore.open(location, durability: .deferred))
        let now = Date()
        let (compareAnswers, attempts) = Self.answers(start: now.addingTimeInterval(-120 * 86400), days: 119.5, seed: 1)
        let (timing, trials) = Self.rhythmAnswers(start: now.addingTimeInterval(-100 * 86400), days: 99.5, seed: 2)
        _ = try store.importRecords(compareAnswers: compareAnswers, matchAnswers: attempts, timingAnswers: timing,
                                    gapFillAnswers: trials, mode: .merge)
        let history = History(location: location)

        let first = try history.digest(now: now, calendar: SystemCalendar(), range: Self.range)
        Self.expectSame(first, try Self.whole(store, now: now), "first")
        #expect(history.checkpoints.reused == 0)
        #expect((first.fittedProgress[.compare]?.points.count ?? 0) > 8, "buckets of every size")
        #expect(first.rhythm.progress.timing.count > 8 && first.rhythm.progress.gapFill.count > 8, "the rhythm modes' too")

        // Two days of new answers, then six days later: answers cross the 1-, 7- and 30-day edges,
        // the kept month stays (it is made anew only when it is more than a week older than it could be).
        let (newer, newerAttempts) = Self.answers(start: now.addingTimeInterval(3600), days: 2, seed: 7)
        let (newerTiming, newerTrials) = Self.rhythmAnswers(start: now.addingTimeInterval(3000), days: 2, seed: 8)
        _ = try store.importRecords(compareAnswers: newer, matchAnswers: newerAttempts, timingAnswers: newerTiming,
                                    gapFillAnswers: newerTrials, mode: .merge)
        for later in [now.addingTimeInterval(2.5 * 86400), now.addingTimeInterval(6 * 86400)] {
            Self.expectSame(try history.digest(now: later, calendar: SystemCalendar(), range: Self.range), try Self.whole(store, now: later), "\(later)")
        }
        #expect(history.checkpoints.reused == 2, "made from the kept digest")

        // An answer dated within the kept month: the kept digest no longer holds; everything is read.
        let old = Self.answers(start: now.addingTimeInterval(-90 * 86400 + 1800), days: 0.1, seed: 3)
        _ = try store.importRecords(compareAnswers: old.0, matchAnswers: [], mode: .merge)
        let later = now.addingTimeInterval(6 * 86400)
        Self.expectSame(try history.digest(now: later, calendar: SystemCalendar(), range: Self.range), try Self.whole(store, now: later), "after the import")
        #expect(history.checkpoints.reused == 2, "the kept digest was not used")
        // A new kept digest from then on.
        Self.expectSame(try history.digest(now: later, calendar: SystemCalendar(), range: Self.range), try Self.whole(store, now: later), "again")
        #expect(history.checkpoints.reused == 3)

        // So too a rhythm answer dated within the kept month.
        let oldTiming = Self.rhythmAnswers(start: now.addingTimeInterval(-80 * 86400 + 1800), days: 0.1, seed: 5).0
        _ = try store.importRecords(compareAnswers: [], matchAnswers: [], timingAnswers: oldTiming, mode: .merge)
        Self.expectSame(try history.digest(now: later, calendar: SystemCalendar(), range: Self.range), try Self.whole(store, now: later), "after the rhythm import")
        #expect(history.checkpoints.reused == 3, "the kept digest was not used")
        try store.close()
    }
}
