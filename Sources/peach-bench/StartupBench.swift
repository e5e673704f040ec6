import Foundation
import PeachDomain
import PeachStorage

/// `peach run`'s start to a ready profile with 0, 100,000 and 1,000,000 stored answers: the history
/// opened as peach run opens it, then `PracticeStart.prepare`, the function peach run calls. Cold:
/// no checkpoint (as after an import, which forgets it); warm: the checkpoint the cold start saved
/// (median of three). Each is also given against the start with no answers.
@MainActor
func startupFigures() {
    print("== start-up to a ready profile (peach run's path: open, journal, checkpoint + answers since)")
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("peach-bench-start-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let location = DataLocation(directory: directory)
    var empty: (cold: Double, warm: Double)?
    for count in [0, 100_000, 1_000_000] {
        do {
            guard let store = try TrainingDataStore.open(location, durability: .deferred) else { return }
            let (comparisons, matchings) = syntheticRecords(count)
            _ = try store.importRecords(comparisons: comparisons, pitchMatchings: matchings, mode: .replace)
            try store.close()
        } catch {
            print("start-up benchmark: the history could not be made: \(error)")
            return
        }
        guard let cold = startSeconds(location, count: count),
              let warm = [startSeconds(location, count: count), startSeconds(location, count: count),
                          startSeconds(location, count: count)].compactMap({ $0 }).sorted().dropFirst().first
        else { return }
        let base = empty ?? (cold, warm)
        empty = base
        for (kind, seconds, baseSeconds) in [("cold", cold, base.cold), ("warm", warm, base.warm)] {
            let label = "start → ready, \(count) stored answers, \(kind)".padding(toLength: 56, withPad: " ", startingAt: 0)
            print(label + String(format: "%10.1f ms", seconds * 1e3)
                  + String(format: "   (×%.1f the start with none)", seconds / max(baseSeconds, 1e-9)))
        }
    }
}

/// One start; nil (and said why) when it fails or its profile does not hold every answer.
@MainActor
private func startSeconds(_ location: DataLocation, count: Int) -> Double? {
    let started = ContinuousClock.now
    do {
        guard let store = try TrainingDataStore.open(location) else { return nil }
        let start = try PracticeStart.prepare(store, clock: SystemTrainingClock())
        let seconds = (ContinuousClock.now - started).seconds
        try store.close()
        let answers = TrainingMode.allCases.reduce(0) {
            $0 + start.profile.answers(for: $1).count + start.profile.attempts(for: $1).count
        }
        guard answers == count else {
            print("start-up benchmark: the profile holds \(answers) answers, not \(count)")
            return nil
        }
        return seconds
    } catch {
        print("start-up benchmark failed: \(error)")
        return nil
    }
}
