import Foundation
import PeachDomain

/// `make bench`, hearing check section: what one Psi choice of offset costs (it must fit well within
/// the pause between answers on a Raspberry Pi), and on simulated listeners how true the check is
/// as the profile then reports it, against the answers the 75 % staircase needs for the same accuracy.
@MainActor
func hearingCheckFigures() {
    print("== hearing check (Psi method): choice of offset, and accuracy against the staircase")
    var posterior = PsiPosterior()
    var random = SeededRandomGenerator(seed: 9)
    var times: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<HearingCheck.mostAnswers {
        var offset = 0.0
        times.append(clock.measure { offset = posterior.nextOffset(note: 60) }.seconds)
        let p = PsychometricFunction.probabilityCorrect(logOffset: log(offset), logThreshold: log(8), slope: 3.5)
        posterior.add(offset: offset, note: 60, isCorrect: Double.random(in: 0..<1, using: &random) < p)
    }
    let mean = times.reduce(0, +) / Double(times.count)
    print("Psi choice of the next offset (\(posterior.cellCount) cells × \(posterior.candidateCount) offsets)"
          .padding(toLength: 56, withPad: " ", startingAt: 0)
          + String(format: "%10.2f ms mean, %.2f ms at most (%d choices)", mean * 1e3, (times.max() ?? 0) * 1e3, times.count))

    print("   per listener, 50 users: the check's answers, the profile's overall threshold right after it within ±20 % of"
          + " the truth and its 95 % interval containing it; then the answers the 75 % staircase (runs of 20) needs to be"
          + " within ±20 % as often")
    let listeners: [(String, SimulatedListener)] = [
        ("flat 8 ct, Weibull 2.5, lapse 2 %", .init(.weibull, 2.5, 0.02, [(60, 8)])),
        ("flat 3 ct, Weibull 4", .init(.weibull, 4, 0, [(60, 3)])),
        ("flat 10 ct, Weibull 3, lapse 5 %", .init(.weibull, 3, 0.05, [(60, 10)])),
        ("skewed 6–10–5 ct, Weibull 3", .init(.weibull, 3, 0, [(36, 6), (48, 10), (84, 5)])),
        ("sloping 12→6 ct, Weibull 3, lapse 1 %", .init(.weibull, 3, 0.01, [(36, 12), (84, 6)])),
        ("flat 20 ct, Weibull 1.5", .init(.weibull, 1.5, 0, [(60, 20)])),
        ("flat 12 ct, Weibull 1.5, lapse 5 %", .init(.weibull, 1.5, 0.05, [(60, 12)])),
        ("ramp 30→4 ct, Gaussian 2, lapse 4 %", .init(.gaussian, 2, 0.04, [(36, 30), (84, 4)])),
        ("flat 15 ct, logistic 1.5, lapse 3 %", .init(.logistic, 1.5, 0.03, [(60, 15)])),
    ]
    let users = 50
    let checkpoints = [40, 60, 80, 100, 140, 200, 300, 400]
    let settings = TrainingSettings()
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    for (name, listener) in listeners {
        let keys = settings.noteRange.notes
        let truth = keys.reduce(0.0) { $0 + listener.threshold(at: $1) } / Double(keys.count)
        func within(_ estimate: ThresholdEstimate?) -> Bool { estimate?.overall.map { abs($0.value / truth - 1) <= 0.2 } ?? false }
        var answers = 0, checkWithin = 0, checkInside = 0
        var staircaseWithin: [Int: Int] = [:]
        for user in 0..<users {
            let seed = UInt64(user) &* 104_729 &+ 17
            let profile = PerceptualProfile()
            let check = TrainingSimulation(listener: listener, profile: profile, compareObservers: [profile], matchObservers: [],
                                           settings: FixedSettingsProvider(settings), start: start, seed: seed)
            answers += check.runCheck(at: start).answers
            let estimate = profile.thresholdEstimate(for: .compare, range: settings.noteRange)
            if within(estimate) { checkWithin += 1 }
            if let overall = estimate?.overall, overall.low <= truth, truth <= overall.high { checkInside += 1 }

            let trained = PerceptualProfile()
            let staircase = TrainingSimulation(listener: listener, profile: trained, compareObservers: [trained], matchObservers: [],
                                               settings: FixedSettingsProvider(settings), start: start, seed: seed)
            var done = 0
            for checkpoint in checkpoints {
                while done < checkpoint {
                    staircase.run(.compare, trials: 20, at: staircase.now.addingTimeInterval(600))
                    done += 20
                }
                if within(trained.thresholdEstimate(for: .compare, range: settings.noteRange)) { staircaseWithin[checkpoint, default: 0] += 1 }
            }
        }
        let needed = checkpoints.first { staircaseWithin[$0, default: 0] >= checkWithin }
        let label = name.padding(toLength: 40, withPad: " ", startingAt: 0)
        print(label + String(format: "check: %4.1f answers, ±20 %%: %3.0f %%, in 95 %% interval: %3.0f %%", Double(answers) / Double(users),
                             100 * Double(checkWithin) / Double(users), 100 * Double(checkInside) / Double(users))
              + " | staircase: " + (needed.map { "\($0) answers" } ?? "more than \(checkpoints.last ?? 0) answers")
              + " (±20 % at " + checkpoints.map { "\($0): \(100 * staircaseWithin[$0, default: 0] / users) %" }.joined(separator: ", ") + ")")
        guard listener.thresholds.count == 1 else { continue }
        let best = BestPossibleCheck(listener: listener, answers: HearingCheck.mostAnswers).spread()
        print(String(repeating: " ", count: 40) + String(
            format: "best possible in %d answers (Cramér–Rao, offsets placed knowing the truth): ±20 %%: %3.0f %% (slope known: %3.0f %%)",
            HearingCheck.mostAnswers, 100 * BestPossibleCheck.withinTwentyPercent(spread: best.unknownSlope),
            100 * BestPossibleCheck.withinTwentyPercent(spread: best.knownSlope)))
    }
}

private extension SimulatedListener {
    init(_ shape: Shape, _ slope: Double, _ lapse: Double, _ points: [(Int, Double)]) {
        self.init(shape: shape, slope: slope, lapse: lapse, thresholds: points.map { (MIDINote($0.0), $0.1) })
    }
}
