import Foundation
import PeachDomain
import PeachStorage

/// `make bench`, measurement section: how true the reported thresholds are for simulated listeners
/// (bias and spread against the known truth — for a learner their threshold at that point — both
/// staircase rules), what a fit costs, and how fast
/// `peach simulate` runs.
@MainActor
func measurementFigures(_ sink: inout Int) {
    print("== measurement: simulated listeners, 50 users each, runs of 100, one a day")
    print("   bias = median(measured / true − 1); spread = SD of ln(measured / true); in 95 % interval: the share of users"
          + " whose overall interval contains the truth; per note: mean over the keys")
    let listeners: [(String, SimulatedListener)] = [
        ("flat 8 ct, Weibull 2.5", bench(.weibull, 2.5, 0.02, [(60, 8)])),
        ("V 20–5–20 ct, Weibull 2.5", bench(.weibull, 2.5, 0.02, [(36, 20), (60, 5), (84, 20)])),
        ("ramp 30→4 ct, Gaussian 2, lapse 4 %", bench(.gaussian, 2, 0.04, [(36, 30), (84, 4)])),
        ("flat 5 ct, Weibull 2.5, lapse 20 %", bench(.weibull, 2.5, 0.2, [(60, 5)])),
        ("flat 10 → 5 ct over 2,000 answers", bench(.weibull, 2.5, 0.02, [(60, 10)], learning: .init(trials: 2000, factor: 0.5))),
        // Pitch discrimination's own shape: d′ in proportion to the difference (Dai & Micheyl, 2011),
        // a Weibull of slope about 1.25, shallower than the others and the fitted model's prior.
        ("pitch-like 10 ct, Weibull 1.3, lapse 3 %", bench(.weibull, 1.3, 0.03, [(60, 10)])),
    ]
    let checkpoints = [100, 300, 1000, 3000]
    for rule in StaircaseRule.allCases {
        for (name, listener) in listeners {
            var overall: [Int: [Double]] = [:]
            var perNote: [Int: [[Double]]] = [:]
            var covered: [Int: Int] = [:]
            let settings = TrainingSettings(staircase: rule)
            for user in 0..<50 {
                let profile = PerceptualProfile()
                let simulation = TrainingSimulation(
                    listener: listener, profile: profile, compareObservers: [profile], matchObservers: [],
                    settings: FixedSettingsProvider(settings), start: Date(timeIntervalSince1970: 1_700_000_000),
                    seed: UInt64(user) &* 104_729 &+ 5)
                for run in 0..<30 {
                    simulation.run(.compare, trials: 100, at: simulation.now.addingTimeInterval(86_400))
                    let done = (run + 1) * 100
                    guard checkpoints.contains(done),
                          let estimate = profile.thresholdEstimate(for: .compare, range: settings.noteRange) else { continue }
                    let keys = settings.noteRange.lowest.rawValue...settings.noteRange.highest.rawValue
                    let truths = keys.map { listener.threshold(at: MIDINote($0), after: done) }
                    let truth = truths.reduce(0, +) / Double(truths.count)
                    overall[done, default: []].append(log(estimate.overallCurve.value / truth))
                    if (estimate.overallCurve.low...estimate.overallCurve.high).contains(truth) { covered[done, default: 0] += 1 }
                    perNote[done, default: []].append(zip(keys, truths).map { log((estimate.curve[MIDINote($0)]?.value ?? .nan) / $1) })
                }
            }
            for done in checkpoints {
                let errors = overall[done] ?? []
                let notes = perNote[done] ?? []
                let columns = notes.first.map { first in first.indices.map { index in notes.map { $0[index] } } } ?? []
                let noteBias = columns.map { exp(median($0)) - 1 }.map(abs).reduce(0, +) / Double(max(columns.count, 1))
                let noteSpread = columns.map(standardDeviation).reduce(0, +) / Double(max(columns.count, 1))
                let within = Double(errors.filter { abs(exp($0) - 1) <= 0.15 }.count) / Double(max(errors.count, 1))
                let label = "\(rule) · \(name) · \(done) trials".padding(toLength: 64, withPad: " ", startingAt: 0)
                let coverage = Double(covered[done] ?? 0) / Double(max(errors.count, 1))
                print(label + String(format: "overall bias %+6.1f %% spread %.3f (±15 %%: %3.0f %%, in 95 %% interval: %3.0f %%)"
                                     + " | per note |bias| %4.1f %% spread %.3f",
                                     (exp(median(errors)) - 1) * 100, standardDeviation(errors), within * 100, coverage * 100,
                                     noteBias * 100, noteSpread))
                sink &+= errors.count
            }
        }
    }
    fitCosts(&sink)
}

@MainActor
private func fitCosts(_ sink: inout Int) {
    let listener = bench(.weibull, 2.5, 0.02, [(36, 20), (60, 5), (84, 20)])
    for count in [10_000, 1_000_000] {
        var random = SeededRandomGenerator(seed: 9)
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let records = (0..<count).map { index -> CompareAnswer in
            let note = MIDINote(Int.random(in: 36...84, using: &random))
            let offset = listener.threshold(at: note) * exp(Double.random(in: -1...1, using: &random))
            let correct = Double.random(in: 0..<1, using: &random)
                < listener.probabilityCorrect(offset: offset, note: note, mode: .compare, after: 0)
            return CompareAnswer(referenceNote: note, targetNote: note, centOffset: Cents(offset), isCorrect: correct,
                                 tuningSystem: .equalTemperament, timestamp: start.addingTimeInterval(Double(index)))!
        }
        var profile = PerceptualProfile()
        measure("profile from \(count) stored answers (binning)", unit: "build", count: 1) {
            profile = PerceptualProfile(compareAnswers: records, matchAnswers: [])
        }
        measure("threshold fit over \(count) stored answers", unit: "fit", count: 1) {
            sink &+= profile.thresholdEstimate(for: .compare, range: .standard) == nil ? 0 : 1
        }
        let more = Array(records.suffix(20))
        measure("refit after an answer (\(count) stored, beside)", unit: "refit", count: more.count) {
            for answer in more {
                profile.compareAnswered(answer)
                sink &+= profile.thresholdEstimate(for: .compare, range: .standard) == nil ? 0 : 1
            }
        }
        // What the main actor spends on an answer before the feedback cue: the status line takes the
        // last fit and starts the next beside it (which this loop never waits for).
        measure("main actor per answer (\(count) stored)", unit: "answer", count: more.count) {
            for answer in more {
                profile.compareAnswered(answer)
                if case .fitted(let estimate?) = profile.latestThresholdEstimate(for: .compare, range: .standard) {
                    sink &+= Int(estimate.answerWeight)
                }
            }
        }
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("peach-bench-sim-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    guard let store = try? HistoryStore.open(DataLocation(directory: directory), durability: .deferred) else {
        print("peach simulate figure: cannot open a history in \(directory.path)")
        return
    }
    let profile = PerceptualProfile()
    let simulation = TrainingSimulation(listener: listener, profile: profile, compareObservers: [store, profile],
                                        matchObservers: [store, profile], settings: FixedSettingsProvider(),
                                        start: Date(timeIntervalSince1970: 1_700_000_000), seed: 4)
    measure("peach simulate: one answer (session, fit per run, SQLite)", unit: "answer", count: 3000) {
        for _ in 0..<30 { simulation.run(.compare, trials: 100, at: simulation.now.addingTimeInterval(86_400)) }
    }
}

private func bench(_ shape: SimulatedListener.Shape, _ slope: Double, _ lapse: Double,
                   _ points: [(Int, Double)], learning: SimulatedListener.Learning? = nil) -> SimulatedListener {
    SimulatedListener(shape: shape, slope: slope, lapse: lapse, thresholds: points.map { (MIDINote($0.0), $0.1) },
                      learning: learning)
}

private func median(_ values: [Double]) -> Double {
    let sorted = values.filter { !$0.isNaN }.sorted()
    return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
}

private func standardDeviation(_ values: [Double]) -> Double {
    WelfordAccumulator(values.filter { !$0.isNaN }).standardDeviation ?? .nan
}
