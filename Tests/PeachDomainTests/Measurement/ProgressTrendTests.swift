import Foundation
import PeachDomain
import Testing

/// The trend Peach reports, checked against simulated listeners who do or do not change.
@MainActor
@Suite("Trend against simulated listeners", .serialized)
struct ProgressTrendTests {
    static let users = 40
    static let checkpoints = [100, 300, 1000, 3000]

    /// Three of the family, and a listener near the smallest offset Peach plays (0.1 ct), whose first
    /// run is mostly the staircase's descent from 100 ct: its earlier half was drawn towards the
    /// prior's 10 ct and it was told "improving" in 3 of 8 runs of 300 answers.
    static let unchanging = Array(SimulatedListener.family.prefix(3))
        + [("flat 0.3 ct, Weibull 2.5", SimulatedListener.make(.weibull, slope: 2.5, lapse: 0.02, [(60, 0.3)]))]

    @Test("a listener who never changes is told 'stable' in at least 95 % of cases at every amount of data",
          arguments: [0, 1, 2, 3])
    func stableListener(listenerIndex: Int) {
        let (name, listener) = Self.unchanging[listenerIndex]
        let simulation = SimulatedUsers(listener: listener)
        var stable: [Int: Int] = [:]
        simulation.run(users: Self.users, trials: 3000, at: Set(Self.checkpoints)) { trials, profile, _ in
            if profile.answers(for: .compare).change(range: simulation.settings.noteRange)?.trend == .stable {
                stable[trials, default: 0] += 1
            }
        }
        for trials in Self.checkpoints {
            #expect(Double(stable[trials] ?? 0) >= 0.95 * Double(Self.users),
                    "\(name) after \(trials): stable for \(stable[trials] ?? 0) of \(Self.users)")
        }
    }

    @Test("a listener who halves their threshold over 2000 trials is told 'improving' by 3000 in at least 90 %")
    func learningListener() {
        let listener = SimulatedListener.make(.weibull, slope: 2.5, lapse: 0.02, [(36, 20), (60, 6), (84, 20)],
                                              learning: .init(trials: 2000, factor: 0.5))
        let simulation = SimulatedUsers(listener: listener)
        var improving = 0
        var percents: [Double] = []
        simulation.run(users: Self.users, trials: 3000, at: [3000]) { _, profile, _ in
            let change = profile.answers(for: .compare).change(range: simulation.settings.noteRange)
            if change?.trend == .improving { improving += 1 }
            if let change { percents.append(change.percent) }
        }
        #expect(Double(improving) >= 0.9 * Double(Self.users), "improving for \(improving) of \(Self.users)")
        // The later half (trials 1500–3000) against the earlier (0–1500): truly about −31 %.
        let median = percents.sorted()[percents.count / 2]
        #expect((-45.0 ... -18.0).contains(median), "median change \(median) %")
    }

    @Test("the 75 % rule keeps the player right 73–77 % of the time; the classic rule does not",
          arguments: StaircaseRule.allCases)
    func convergence(rule: StaircaseRule) {
        let listener = SimulatedListener.family[1].listener
        var simulation = SimulatedUsers(listener: listener)
        simulation.settings.staircase = rule
        let recorder = CorrectnessCounter()
        for user in 0..<20 {
            let profile = PerceptualProfile()
            let run = TrainingSimulation(listener: listener, profile: profile, comparisonObservers: [profile, recorder],
                                         matchingObservers: [], settings: FixedSettingsProvider(simulation.settings),
                                         start: Date(timeIntervalSince1970: 1_700_000_000), seed: UInt64(user) + 77)
            for day in 0..<10 { run.run(.compare, trials: 100, at: run.now.addingTimeInterval(Double(day) * 86_400)) }
        }
        let share = recorder.share(after: 300)
        switch rule {
        case .seventyFivePercent: #expect((0.73...0.77).contains(share), "\(share)")
        case .kazez: #expect(share < 0.70, "\(share)")
        }
    }
}

/// Counts right answers per simulated user, past the first `after` answers of each.
@MainActor
final class CorrectnessCounter: ComparisonObserver {
    private var perUser: [[Bool]] = []
    private var lastTimestamp: Date?

    func comparisonCompleted(_ completed: CompletedComparison) {
        if let last = lastTimestamp, completed.timestamp >= last { perUser[perUser.count - 1].append(completed.isCorrect) } else { perUser.append([completed.isCorrect]) }
        lastTimestamp = completed.timestamp
    }

    func share(after skipped: Int) -> Double {
        let answers = perUser.flatMap { $0.dropFirst(skipped) }
        return Double(answers.filter { $0 }.count) / Double(max(answers.count, 1))
    }
}
