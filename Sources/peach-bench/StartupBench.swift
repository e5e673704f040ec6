import Foundation
import PeachDomain
import PeachStorage

/// `peach run`'s start to a ready profile with 0, 100,000 and 1,000,000 stored answers: the history
/// opened as peach run opens it, then `PracticeStart.prepare`, the function peach run calls. Cold:
/// no checkpoint (as after an import, which forgets it); warm: the checkpoint the cold start saved
/// (median of three). Each is also given against the start with no answers, with the CPU time it
/// took (less at the mercy of other programs on the machine than the wall clock) and the part the
/// opening of the history took. After a clean close opening skips the check of every page
/// (`IntegrityStamp`); "after a crash" the history was left open, so that check runs.
@MainActor
func startupFigures() {
    print("== start-up to a ready profile (peach run's path: open, journal, checkpoint + answers since)")
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("peach-bench-start-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let location = DataLocation(directory: directory)
    var empty: (cold: Double, warm: Double)?
    for count in [0, 100_000, 1_000_000] {
        do {
            guard let store = try HistoryStore.open(location, durability: .deferred) else { return }
            let (compareAnswers, matchAnswers) = syntheticRecords(count)
            _ = try store.importRecords(compareAnswers: compareAnswers, matchAnswers: matchAnswers, mode: .replace)
            try store.close()
        } catch {
            print("start-up benchmark: the history could not be made: \(error)")
            return
        }
        guard let cold = startSeconds(location, count: count),
              let warm = [startSeconds(location, count: count), startSeconds(location, count: count),
                          startSeconds(location, count: count)].compactMap({ $0 }).sorted(by: { $0.total < $1.total })
                .dropFirst().first
        else { return }
        // After a crash: the history was open and not closed, so its next open checks every page.
        _ = try? HistoryStore.open(location)
        guard let crashed = startSeconds(location, count: count) else { return }
        let base = empty ?? (cold.total, warm.total)
        empty = base
        for (kind, start, baseSeconds) in [("cold", cold, base.cold), ("warm", warm, base.warm),
                                           ("warm, after a crash", crashed, base.warm)] {
            let label = "start → ready, \(count) stored answers, \(kind)".padding(toLength: 62, withPad: " ", startingAt: 0)
            print(label + String(format: "%10.1f ms", start.total * 1e3)
                  + String(format: "   (×%.1f the start with none; CPU %.1f ms; opening the history %.1f ms)",
                           start.total / max(baseSeconds, 1e-9), start.cpu * 1e3, start.opening * 1e3))
        }
    }
}

/// One start and the part of it that opening the history took (its integrity check reads every
/// page); nil (and said why) when it fails or its profile does not hold every answer.
@MainActor
private func startSeconds(_ location: DataLocation, count: Int) -> (total: Double, opening: Double, cpu: Double)? {
    let started = ContinuousClock.now
    let cpuAtStart = cpuSeconds()
    do {
        guard let store = try HistoryStore.open(location) else { return nil }
        let opened = (ContinuousClock.now - started).seconds
        let start = try PracticeStart.prepare(store, clock: SystemTrainingClock())
        let seconds = (ContinuousClock.now - started).seconds
        let cpu = cpuSeconds() - cpuAtStart
        try store.close()
        let answers = TrainingMode.allCases.reduce(0) {
            $0 + start.profile.answers(for: $1).count + start.profile.attempts(for: $1).count
        }
        guard answers == count else {
            print("start-up benchmark: the profile holds \(answers) answers, not \(count)")
            return nil
        }
        return (seconds, opened, cpu)
    } catch {
        print("start-up benchmark failed: \(error)")
        return nil
    }
}
