import Foundation
import PeachDomain
import Testing

/// The trend Peach reports, checked against simulated listeners who do or do not change.
@MainActor
@Suite("Trend against simulated listeners", .serialized)
struct ProgressTrendTests {
    static let users = 40
    static let checkpoints = [200, 300, 1000, 3000]

    /// Three of the family, and a listener near the smallest offset Peach plays (0.1 ct), whose first
    /// run is mostly the staircase's descent from 100 ct (the half-split trend once drew its earlier
    /// half towards the prior's 10 ct and told it "improving" in 3 of 8 runs of 300 answers).
    static let unchanging = Array(SimulatedListener.family.prefix(3))
        + [("flat 0.3 ct, Weibull 2.5", SimulatedListener.make(.weibull, slope: 2.5, lapse: 0.02, [(60, 0.3)]))]

    static func change(_ profile: PerceptualProfile, _ simulation: SimulatedUsers) -> ProgressChange? {
        profile.thresholdEstimate(for: simulation.mode, range: simulation.settings.noteRange)?.change
    }

    @Test("a listener who never changes is told 'stable' in at least 95 % of cases from 200 answers on; no trend before",
          arguments: [0, 1, 2, 3])
    func stableListener(listenerIndex: Int) {
        let (name, listener) = Self.unchanging[listenerIndex]
        let simulation = SimulatedUsers(listener: listener)
        var stable: [Int: Int] = [:]
        var trendAt100 = 0
        simulation.run(users: Self.users, trials: 3000, at: Set(Self.checkpoints + [100])) { trials, profile, _ in
            let change = Self.change(profile, simulation)
            if trials == 100 { trendAt100 += change == nil ? 0 : 1 }
            if change?.trend == .stable { stable[trials, default: 0] += 1 }
        }
        // All of the first 100 answers are of one age: the fit cannot see a change within them.
        #expect(trendAt100 == 0, "\(name): a trend after 100 answers for \(trendAt100)")
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
            let change = Self.change(profile, simulation)
            if change?.trend == .improving { improving += 1 }
            if let change { percents.append(change.percent) }
        }
        #expect(Double(improving) >= 0.9 * Double(Self.users), "improving for \(improving) of \(Self.users)")
        // Now against 2,250 answers ago (answer 750): truly 2^(−1250/2000) − 1 = −35 %.
        let median = percents.sorted()[percents.count / 2]
        #expect((-45.0 ... -25.0).contains(median), "median change \(median) %")
    }

    @Test("a listener whose threshold doubles after 2000 answers is told 'declining' 300 answers later in at least 90 %")
    func suddenlyWorse() {
        let before = SimulatedListener.make(.weibull, slope: 2.5, lapse: 0.02, [(60, 10)])
        let after = SimulatedListener.make(.weibull, slope: 2.5, lapse: 0.02, [(60, 20)])
        var declining = 0
        var percents: [Double] = []
        let users = 20
        for user in 0..<users {
            let profile = PerceptualProfile()
            var start = Date(timeIntervalSince1970: 1_700_000_000)
            for (listener, trials) in [(before, 2000), (after, 300)] {
                let simulation = TrainingSimulation(listener: listener, profile: profile, compareObservers: [profile],
                                                    matchObservers: [], settings: FixedSettingsProvider(TrainingSettings()),
                                                    start: start, seed: UInt64(user) &* 7919 &+ UInt64(trials))
                for run in 0..<(trials / 100) { simulation.run(.compare, trials: 100, at: start.addingTimeInterval(Double(run + 1) * 86_400)) }
                start = simulation.now
            }
            let change = profile.thresholdEstimate(for: .compare, range: TrainingSettings().noteRange)?.change
            if change?.trend == .declining { declining += 1 }
            if let change { percents.append(change.percent) }
        }
        #expect(Double(declining) >= 0.9 * Double(users), "declining for \(declining) of \(users)")
        // Now (20 ct) against 1,725 answers ago, before the change (10 ct): truly +100 %.
        let median = percents.sorted()[percents.count / 2]
        #expect((60.0 ... 140.0).contains(median), "median change \(median) %")
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
            let run = TrainingSimulation(listener: listener, profile: profile, compareObservers: [profile, recorder],
                                         matchObservers: [], settings: FixedSettingsProvider(simulation.settings),
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
final class CorrectnessCounter: CompareObserver {
    private var perUser: [[Bool]] = []
    private var lastTimestamp: Date?

    func compareAnswered(_ completed: CompareAnswer) {
        if let last = lastTimestamp, completed.timestamp >= last { perUser[perUser.count - 1].append(completed.isCorrect) } else { perUser.append([completed.isCorrect]) }
        lastTimestamp = completed.timestamp
    }

    func share(after skipped: Int) -> Double {
        let answers = perUser.flatMap { $0.dropFirst(skipped) }
        return Double(answers.filter { $0 }.count) / Double(max(answers.count, 1))
    }
}
