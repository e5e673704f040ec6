import Foundation
import PeachDomain
import Testing

/// The threshold Peach reports is checked against simulated listeners whose true threshold is known.
/// Bounds come from the measurement issue; a miss is a failure of the estimator, not of the test.
@MainActor
@Suite("Threshold accuracy against simulated listeners", .serialized)
struct ThresholdAccuracyTests {
    static let users = 40

    @Test("after 300 trials the overall threshold is within ±15 % for at least 80 % of users",
          arguments: SimulatedListener.family.indices, [0.0, 1.0])
    func overallAfter300(listenerIndex: Int, focus: Double) {
        let (name, listener) = SimulatedListener.family[listenerIndex]
        var simulation = SimulatedUsers(listener: listener)
        simulation.settings.focus = focus
        let within = Self.usersWithin15Percent(simulation, after: 300)
        #expect(Double(within) >= 0.8 * Double(Self.users), "\(name), focus \(focus): \(within) of \(Self.users)")
    }

    /// The hardest key is the V player's C4 with focus 1 (drawn where weakest, so fewest answers there, at
    /// the one sharp bend): under a normal prior on the bends 79 % of 240 simulated players were within
    /// ±20 % there (these seeds passed by luck); under the Cauchy prior 84 % (`CurvaturePrior`).
    @Test("after 1000 trials every per-note threshold in the range is within ±20 % for at least 80 % of users",
          arguments: SimulatedListener.family.indices, [0.0, 1.0])
    func perNoteAfter1000(listenerIndex: Int, focus: Double) {
        let (name, listener) = SimulatedListener.family[listenerIndex]
        var simulation = SimulatedUsers(listener: listener)
        simulation.settings.focus = focus
        let range = simulation.settings.noteRange
        var within = [Int](repeating: 0, count: 128)
        simulation.run(users: Self.users, trials: 1000, at: [1000]) { _, profile, done in
            let estimate = profile.thresholdEstimate(for: .compare, range: range)
            for key in range.lowest.rawValue...range.highest.rawValue {
                let truth = listener.threshold(at: MIDINote(key), after: done)
                if let value = estimate?.threshold(at: MIDINote(key))?.value, abs(value / truth - 1) <= 0.2 { within[key] += 1 }
            }
        }
        let worst = (range.lowest.rawValue...range.highest.rawValue).min { within[$0] < within[$1] } ?? 0
        #expect(Double(within[worst]) >= 0.8 * Double(Self.users),
                "\(name), focus \(focus): \(MIDINote(worst).name) within ±20 % for \(within[worst]) of \(Self.users)")
    }

    /// One answer in five lapsed: right at most 80 % of the time however large the offset, so the
    /// 75 % point sits near the ceiling and the answers say little about it. The lapse rate is fitted:
    /// fixed at 2 %, the fit put it 1.4× too high after 1,000 answers (4 of 40 within ±15 %). After 300
    /// answers the bound is out of reach (7 of 40): see docs/measurement.md.
    @Test("a player who lapses in one answer of five: within ±15 % after 1000 trials for at least 80 % of users")
    func frequentLapses() {
        let listener = SimulatedListener.make(.weibull, slope: 2.5, lapse: 0.2, [(60, 5)])
        let within = Self.usersWithin15Percent(SimulatedUsers(listener: listener), after: 1000)
        #expect(Double(within) >= 0.8 * Double(Self.users), "\(within) of \(Self.users)")
    }

    /// A player who is learning is measured as they are now, not as the age-weighted mean of their
    /// past: with the age weighting alone, one halving their threshold over 2,000 answers was measured
    /// 1.24× too high at 2,000 (0 of 20 within ±15 %, no interval containing the truth), and one going
    /// from 40 to 10 ct in 1,000 answers 1.55× at 1,000.
    @Test("a learner is measured as they are now: within ±15 % and inside the interval for at least 80 % of users",
          arguments: [0, 1])
    func learners(index: Int) {
        let learners = [
            (SimulatedListener.make(.weibull, slope: 2.5, lapse: 0.02, [(60, 10)], learning: .init(trials: 2000, factor: 0.5)), 2000),
            (SimulatedListener.make(.weibull, slope: 2.5, lapse: 0.02, [(60, 40)], learning: .init(trials: 1000, factor: 0.25)), 1000),
        ]
        let (listener, trials) = learners[index]
        let simulation = SimulatedUsers(listener: listener)
        let (within, inside) = Self.usersWithinAndInside(simulation, after: trials)
        #expect(Double(within) >= 0.8 * Double(Self.users), "within ±15 %: \(within) of \(Self.users)")
        #expect(Double(inside) >= 0.8 * Double(Self.users), "inside the interval: \(inside) of \(Self.users)")
    }

    /// Far from the prior's 10 ct, early: the staircase still on its way down to a 0.3 ct player, or
    /// held at its 100 ct top by an 80 ct one. With each knot's prior the mean's, the curve was held
    /// at the answers' edge: the 0.3 ct player's interval contained the truth for about half, the 80 ct
    /// player was measured 0.75× too low (`ThresholdModel.priorLogThresholdSpread`). While the first miss
    /// anywhere parted all octave tracks, the 0.3 ct player passed at these seeds (32 of 40) but over 240
    /// simulated players was within ±15 % for 78 % and inside for 80 %; now 91 % and 92 % (`StaircaseStrategy`).
    @Test("listeners far from 10 ct, after 300 answers: measured, within ±15 % and inside the interval for at least 80 %",
          arguments: [0.3, 80])
    func farFromTheUsual(cents: Double) {
        let simulation = SimulatedUsers(listener: SimulatedListener.make(.weibull, slope: 2.5, lapse: 0.02, [(60, cents)]))
        let (within, inside) = Self.usersWithinAndInside(simulation, after: 300)
        #expect(Double(within) >= 0.8 * Double(Self.users), "\(cents) ct, within ±15 %: \(within) of \(Self.users)")
        #expect(Double(inside) >= 0.8 * Double(Self.users), "\(cents) ct, inside the interval: \(inside) of \(Self.users)")
    }

    /// At or below the staircase's 0.1 ct floor the answers can never go further down. Waiting for
    /// them to bound the threshold by themselves, these were "not enough answers yet" for 40 of 40
    /// (0.07 ct) and 13 of 40 (0.1 ct); now 0.07 ct is "below" for 39 (the 40th measured, its interval
    /// just above the truth) and 0.1 ct measured for 40, 39 intervals containing the truth
    /// (`ThresholdEstimate.beneathTheFloor`); and "stable" for 40, where 19 were "no trend yet"
    /// while only values down to the floor were compared.
    @Test("listeners at and below the staircase's 0.1 ct floor, after 1000 answers: always said, never an untrue above or below, true for at least 90 %, a measured one stable",
          arguments: [0.07, 0.1])
    func atTheFloor(cents: Double) {
        let simulation = SimulatedUsers(listener: SimulatedListener.make(.weibull, slope: 2.5, lapse: 0.02, [(60, cents)]))
        var notEnough = 0, untrue = 0, truly = 0, measured = 0, stable = 0
        simulation.run(users: Self.users, trials: 1000, at: [1000]) { _, profile, done in
            let truth = simulation.trueOverall(after: done)
            let estimate = profile.thresholdEstimate(for: simulation.mode, range: simulation.settings.noteRange)
            switch estimate?.overallValue {
            case .measured(let overall):
                if overall.low <= truth, truth <= overall.high { truly += 1 }
                measured += 1
                if estimate?.change?.trend == .stable { stable += 1 }
            case .below(let bound): if truth < bound { truly += 1 } else { untrue += 1 }
            case .above: untrue += 1
            case .notEnoughAnswers, nil: notEnough += 1
            }
        }
        #expect(notEnough == 0, "\(cents) ct: not enough answers yet for \(notEnough) of \(Self.users)")
        #expect(untrue == 0, "\(cents) ct: an untrue above or below for \(untrue) of \(Self.users)")
        #expect(Double(truly) >= 0.9 * Double(Self.users), "\(cents) ct: true for \(truly) of \(Self.users)")
        // A player who never changes, measured beneath the floor, is told "stable", not "no trend yet".
        #expect(Double(stable) >= 0.9 * Double(measured), "\(cents) ct: stable for \(stable) of \(measured) measured")
    }

    /// How many of the simulated users' overall thresholds are measured within ±15 % of the truth after
    /// `trials`, and how many intervals contain it.
    static func usersWithinAndInside(_ simulation: SimulatedUsers, after trials: Int) -> (within: Int, inside: Int) {
        var within = 0, inside = 0
        simulation.run(users: users, trials: trials, at: [trials]) { _, profile, done in
            let truth = simulation.trueOverall(after: done)
            guard let overall = profile.thresholdEstimate(for: simulation.mode, range: simulation.settings.noteRange)?.overall else { return }
            if abs(overall.value / truth - 1) <= 0.15 { within += 1 }
            if overall.low <= truth, truth <= overall.high { inside += 1 }
        }
        return (within, inside)
    }

    /// How many of the simulated users' overall thresholds are within ±15 % of the truth after `trials`.
    static func usersWithin15Percent(_ simulation: SimulatedUsers, after trials: Int) -> Int {
        var within = 0
        simulation.run(users: users, trials: trials, at: [trials]) { _, profile, done in
            let truth = simulation.trueOverall(after: done)
            if let overall = profile.thresholdEstimate(for: simulation.mode, range: simulation.settings.noteRange)?.overall,
               abs(overall.value / truth - 1) <= 0.15 {
                within += 1
            }
        }
        return within
    }

    @Test("interval modes: the fit pools interval sizes with a factor each and keeps the ±15 % after 300 trials")
    func intervals() {
        let listener = SimulatedListener.make(.weibull, slope: 2.5, lapse: 0.02, [(36, 12), (84, 6)], intervalFactor: 2)
        var simulation = SimulatedUsers(listener: listener, mode: .compareIntervals)
        simulation.settings.intervals = [DirectedInterval(.perfectFifth, .up), DirectedInterval(.majorThird, .down)]
        var within = 0
        simulation.run(users: Self.users, trials: 300, at: [300]) { _, profile, done in
            let truth = simulation.trueOverall(after: done)
            if let overall = profile.thresholdEstimate(for: .compareIntervals, range: simulation.settings.noteRange)?.overall,
               abs(overall.value / truth - 1) <= 0.15 {
                within += 1
            }
            #expect(profile.answers(for: .compare).count == 0)
        }
        #expect(Double(within) >= 0.8 * Double(Self.users), "\(within) of \(Self.users)")
    }
}
