import ArgumentParser
import Foundation
import PeachConfig
import PeachDomain
import PeachStorage

/// `peach simulate`: a virtual player with a known hearing trains through the real session, strategy,
/// profile and store, so that `peach profile` can be checked against the truth.
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Train a simulated listener with a known threshold and store its answers like real ones.",
        discussion: """
            The listener file gives the psychometric function (psychometric: weibull|gaussian|logistic, \
            slope, lapse), the thresholds in cents answered correctly 75 % of the time per note (thresholds: \
            {C2: 20, C4: 5, C6: 20}: linear in log-cents between the notes, constant beyond), and optionally \
            interval-factor, learning: {trials, factor} and matching: {bias, spread}. The answers go into the \
            history of --data-dir, dated over the last --days days; `peach profile` then shows what Peach \
            measured. Same seed, same answers.
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var config: ConfigOptions

    @Option(name: .customLong("listener"), help: ArgumentHelp("The simulated listener (YAML).", valueName: "file"))
    var listenerFile: String

    @Option(help: ArgumentHelp("compare, compare-intervals, match or match-intervals.", valueName: "mode"))
    var mode: TrainingMode = .compare

    @Option(help: ArgumentHelp("How many answers in all.", valueName: "n"))
    var trials = 1000

    @Option(name: .customLong("run-length"), help: ArgumentHelp("Answers per run (one start to stop).", valueName: "n"))
    var runLength = 100

    @Option(help: ArgumentHelp("Spread the runs over the last D days (default: one run a day).", valueName: "d"))
    var days: Double?

    @Option(help: ArgumentHelp("Seed for everything random (default: a new one, printed).", valueName: "s"))
    var seed: UInt64?

    func validate() throws {
        guard trials >= 1 else { throw ValidationError("--trials must be at least 1") }
        guard runLength >= 1 else { throw ValidationError("--run-length must be at least 1") }
        if let days, !(days > 0 && days.isFinite) { throw ValidationError("--days must be a positive number") }
    }

    func run() throws {
        let listener: SimulatedListener
        do {
            listener = try ListenerReader.read(contentsOf: URL(fileURLWithPath: listenerFile))
        } catch {
            throw CommandFailure("the listener file is not valid; nothing was simulated:\n\(error)")
        }
        let settings = try config.trainingSettings()
        guard let history = try store.openStore(create: true, durability: .deferred) else { return }
        // The profile so far, read one answer at a time.
        var digest = HistoryDigest(now: Date())
        try history.forEachAnswer(comparison: { digest.add($0) }, pitchMatching: { digest.add($0) })
        let stored = digest
        let seed = seed ?? UInt64.random(in: 1...UInt64(UInt32.max))
        let (mode, trials, runLength, days) = (mode, trials, runLength, days)
        let started = ContinuousClock.now
        let summary = MainActor.assumeIsolated {
            let profile = PerceptualProfile(stored)
            let runs = (trials + runLength - 1) / runLength
            let span = (days ?? Double(runs)) * 86_400
            let first = Date().addingTimeInterval(-span)
            let simulation = TrainingSimulation(
                listener: listener, profile: profile, comparisonObservers: [history, profile],
                matchingObservers: [history, profile], settings: FixedSettingsProvider(settings), start: first, seed: seed)
            for run in 0..<runs {
                simulation.run(mode, trials: min(runLength, trials - run * runLength),
                               at: first.addingTimeInterval(span * Double(run) / Double(runs)))
            }
            return Self.summary(listener: listener, mode: mode, settings: settings, profile: profile,
                                trialsDone: simulation.trialsDone)
        }
        let seconds = (ContinuousClock.now - started).seconds
        print("simulated \(trials) answers in \(mode.displayName) (seed \(seed)) in \(String(format: "%.2f", seconds)) s")
        print(summary)
    }

    @MainActor
    static func summary(listener: SimulatedListener, mode: TrainingMode, settings: TrainingSettings,
                        profile: PerceptualProfile, trialsDone: Int) -> String {
        switch mode.skill {
        case .comparison:
            let keys = settings.noteRange.notes
            let truth = keys.reduce(0.0) { $0 + listener.threshold(at: $1, mode: mode, after: trialsDone) }
                / Double(keys.count)
            let measured = profile.thresholdEstimate(for: mode, range: settings.noteRange)?.overall
            return "true threshold (mean over \(settings.noteRange)): \(MeasurementWording.cents(truth)) ct\n"
                + "Peach measures: \(MeasurementWording.threshold(measured))"
        case .matching:
            return "true tuning: bias \(MeasurementWording.cents(listener.matching.bias)) ct, spread "
                + "\(MeasurementWording.cents(listener.matching.spread)) ct\n"
                + "Peach measures: \(MeasurementWording.matching(profile.matchingAccuracy(for: mode)))"
        }
    }
}
