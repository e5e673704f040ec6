import Foundation
import PeachDomain

/// Simulated users of one listener: each trains in runs of 100, one run a day, with its own seed,
/// through the real session, strategy and profile; `checkpoints` are called after the given
/// numbers of trials.
@MainActor
struct SimulatedUsers {
    let listener: SimulatedListener
    var mode: TrainingMode = .compare
    var settings = TrainingSettings()
    var runLength = 100

    func run(users: Int, trials: Int, seedBase: UInt64 = 1000,
             at checkpoints: Set<Int>, _ check: (_ trials: Int, _ profile: PerceptualProfile, _ trialsDone: Int) -> Void) {
        for user in 0..<users {
            let profile = PerceptualProfile()
            let simulation = TrainingSimulation(
                listener: listener, profile: profile, compareObservers: [profile], matchObservers: [profile],
                settings: FixedSettingsProvider(settings), start: Date(timeIntervalSince1970: 1_700_000_000),
                seed: seedBase &+ UInt64(user) &* 7919)
            var done = 0
            while done < trials {
                let length = min(runLength, trials - done)
                simulation.run(mode, trials: length, at: simulation.now.addingTimeInterval(86_400))
                done += length
                if checkpoints.contains(done) { check(done, profile, simulation.trialsDone) }
            }
        }
    }

    /// The mean of the true thresholds over the note range after `trialsDone` answers.
    func trueOverall(after trialsDone: Int) -> Double {
        let notes = settings.noteRange.lowest.rawValue...settings.noteRange.highest.rawValue
        return notes.reduce(0.0) { $0 + listener.threshold(at: MIDINote($1), mode: mode, after: trialsDone) }
            / Double(notes.count)
    }
}

extension SimulatedListener {
    static func make(_ shape: Shape, slope: Double, lapse: Double, _ points: [(Int, Double)],
                     intervalFactor: Double = 1, learning: Learning? = nil) -> SimulatedListener {
        SimulatedListener(shape: shape, slope: slope, lapse: lapse,
                          thresholds: points.map { (MIDINote($0.0), $0.1) }, intervalFactor: intervalFactor,
                          learning: learning)
    }

    /// The family the measurement is checked against: shapes, slopes, lapse rates, flat and
    /// pitch-dependent thresholds.
    static let family: [(name: String, listener: SimulatedListener)] = [
        ("flat 8 ct, Weibull 2.5", make(.weibull, slope: 2.5, lapse: 0.02, [(60, 8)])),
        ("V 20–5–20 ct, Weibull 2.5", make(.weibull, slope: 2.5, lapse: 0.02, [(36, 20), (60, 5), (84, 20)])),
        ("ramp 30→4 ct, Gaussian 2, lapse 4 %", make(.gaussian, slope: 2, lapse: 0.04, [(36, 30), (84, 4)])),
        ("flat 1.5 ct, logistic 3.5, no lapse", make(.logistic, slope: 3.5, lapse: 0, [(60, 1.5)])),
        ("hump 6–15–4 ct, Weibull 3.5, lapse 1 %", make(.weibull, slope: 3.5, lapse: 0.01, [(36, 6), (55, 15), (84, 4)])),
        ("flat 5 ct, Weibull 2.5, lapse 10 %", make(.weibull, slope: 2.5, lapse: 0.1, [(60, 5)])),
    ]
}
