import ArgumentParser
import Foundation
import PeachReports
import PeachOptions
import PeachConfig
import PeachDomain
import PeachStorage
import PeachText
import PeachPractice

/// `peach simulate`: a virtual player with a known hearing trains through the real session, strategy,
/// profile and store, so that `peach profile` can be checked against the truth.
struct SimulateCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "simulate",
            abstract: CommandLineTexts.current.text(.helpSimulateAbstract),
            discussion: CommandLineTexts.current.text(.helpSimulateDiscussion))
    }

    @OptionGroup var store: HistoryOptions
    @OptionGroup var config: ConfigOptions

    @Option(name: .customLong("listener"), help: ArgumentHelp(CommandLineTexts.current.text(.helpSimulateListenerFile), valueName: CommandLineTexts.current.text(.valueFile)))
    var listenerFile: String

    @Option(help: ArgumentHelp(CommandLineTexts.current.text(.helpSimulateMode), valueName: CommandLineTexts.current.text(.valueMode)))
    var mode: ModeChoice = .training(.compare)

    @Option(parsing: .unconditional, help: ArgumentHelp(CommandLineTexts.current.text(.helpSimulateTrials), valueName: CommandLineTexts.current.text(.valueCount)))
    var trials = 1000

    @Option(name: .customLong("run-length"), parsing: .unconditional, help: ArgumentHelp(CommandLineTexts.current.text(.helpSimulateRunLength), valueName: CommandLineTexts.current.text(.valueCount)))
    var runLength = 100

    @Option(parsing: .unconditional, help: ArgumentHelp(CommandLineTexts.current.text(.helpSimulateDays), valueName: CommandLineTexts.current.text(.valueDays)))
    var days: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp(CommandLineTexts.current.text(.helpSimulateSeed), valueName: CommandLineTexts.current.text(.valueSeed)))
    var seed: UInt64?

    /// The answers a run may give: `--trials`, or a hearing check's most.
    private var answers: Int { mode == .check ? HearingCheck.mostAnswers : trials }

    func validate() throws {
        guard trials >= 1 else { throw ValidationError(CommandLineTexts.current.text(.messageTrialsTooFew)) }
        guard runLength >= 1 else { throw ValidationError(CommandLineTexts.current.text(.messageRunLengthTooShort)) }
        if let days, !(days > 0 && days.isFinite) { throw ValidationError(CommandLineTexts.current.text(.messageDaysNotPositive)) }
        // The answers go back `days` (else a day per run) from now: no further than an import
        // accepts, so that the history exports and imports again, and its dates stay dates.
        let spanDays = days ?? Double(runs)
        let mostDays = Int(Date().timeIntervalSince(AnswerTime.earliest) / 86_400)
        guard spanDays <= Double(mostDays) else {
            throw ValidationError(CommandLineTexts.current.text(.messageSimulationBefore2000, mostDays))
        }
        guard spanDays * 86_400 >= Double(answers) * Self.longestAnswer else {
            throw ValidationError(CommandLineTexts.current.text(.messageSimulationDaysTooShort, answers))
        }
    }

    /// No simulated answer takes longer, in seconds: two notes of at most 3 s and feedback, or a
    /// reference note, the tuning and feedback.
    static let longestAnswer = 10.0

    /// Runs of `runLength` trials (the last may be shorter); no overflow for any count. A hearing check
    /// is one run.
    var runs: Int { mode == .check ? 1 : trials / runLength + (trials % runLength == 0 ? 0 : 1) }

    func run() throws {
        let listener: SimulatedListener
        do {
            listener = try ListenerReader.read(contentsOf: URL(fileURLWithPath: listenerFile), texts: CommandLineTexts.current)
        } catch {
            throw CommandFailure(CommandLineTexts.current.text(.messageListenerInvalid, CommandLineTexts.current.describe(error)))
        }
        let settings = try config.trainingSettings(data: store.location)
        guard let history = try store.openStore(create: true, durability: .deferred) else { return }
        if case .training(let trained) = mode, !trained.isPitch {
            return try simulateRhythm(trained, listener: listener, settings: settings, history: history)
        }
        // The profile so far, read one answer at a time.
        var digest = HistoryDigest(now: Date(), calendar: SystemCalendar())
        var latest = Date.distantPast
        try history.forEachAnswer(comparison: { digest.add($0); latest = max(latest, $0.timestamp) },
                                  pitchMatching: { digest.add($0); latest = max(latest, $0.timestamp) })
        let (stored, after) = (digest, latest)
        // Over the last `days`, but after the answers already stored: a second simulation continues
        // the first, so the history's order and its dates agree (they interleaved before). Never past now.
        let now = Date()
        let first = max(now.addingTimeInterval(-(days ?? Double(runs)) * 86_400), after.addingTimeInterval(1))
        let span = now.timeIntervalSince(first)
        guard span >= Double(answers) * Self.longestAnswer else {
            throw CommandFailure(CommandLineTexts.current.text(.messageSimulationNoRoom,
                                                               SystemCalendar().localTime(of: after).dateAndTime, answers))
        }
        let seed = seed ?? UInt64.random(in: 1...UInt64(UInt32.max))
        let (mode, trials, runLength, runs) = (mode, trials, runLength, runs)
        let started = ContinuousClock.now
        let texts = CommandLineTexts.current
        let (given, summary) = MainActor.assumeIsolated {
            let profile = PerceptualProfile(stored)
            let simulation = TrainingSimulation(
                listener: listener, profile: profile, compareObservers: [history, profile],
                matchObservers: [history, profile], settings: FixedSettingsProvider(settings), start: first, seed: seed)
            switch mode {
            case .check:
                let result = simulation.runCheck(at: first)
                return (result.answers, Self.checkSummary(listener: listener, result: result, settings: settings,
                                                          profile: profile, texts: texts))
            case .training(let mode):
                for run in 0..<runs {
                    simulation.run(mode, trials: min(runLength, trials - run * runLength),
                                   at: first.addingTimeInterval(span * Double(run) / Double(runs)))
                }
                return (trials, Self.summary(listener: listener, mode: mode, settings: settings, profile: profile,
                                             trialsDone: simulation.trialsDone, texts: texts))
            }
        }
        let seconds = (ContinuousClock.now - started).seconds
        let name = switch mode {
        case .check: texts.text(.messageSimulatedCheckName)
        case .training(let mode): texts.name(mode)
        }
        print(texts.text(.messageSimulated, given, name, "\(seed)", Decimals(seconds, 2)))
        print(summary)
    }

    /// The listener's true mean threshold over the note range, what the check says (as the box would
    /// say it), and what the profile measures from the history now.
    @MainActor
    static func checkSummary(listener: SimulatedListener, result: HearingCheckResult, settings: TrainingSettings,
                             profile: PerceptualProfile, texts: Texts) -> String {
        let truth = trueMean(listener, mode: .compare, settings: settings, trialsDone: 0)
        let measured = profile.thresholdEstimate(for: .compare, range: settings.noteRange)?.overallValue ?? .notEnoughAnswers
        return texts.text(.messageSimulatedCheck, "\(settings.noteRange)", truth,
                          SpokenText.checkResult(result.threshold, in: texts.language), texts.threshold(measured))
    }

    static func trueMean(_ listener: SimulatedListener, mode: TrainingMode, settings: TrainingSettings, trialsDone: Int) -> Double {
        let keys = settings.noteRange.notes
        return keys.reduce(0.0) { $0 + listener.threshold(at: $1, mode: mode, after: trialsDone) } / Double(keys.count)
    }

    @MainActor
    static func summary(listener: SimulatedListener, mode: TrainingMode, settings: TrainingSettings,
                        profile: PerceptualProfile, trialsDone: Int, texts: Texts) -> String {
        switch mode.skill {
        case .compare:
            let truth = trueMean(listener, mode: mode, settings: settings, trialsDone: trialsDone)
            let measured = profile.thresholdEstimate(for: mode, range: settings.noteRange)?.overallValue ?? .notEnoughAnswers
            return texts.text(.messageSimulatedThreshold, "\(settings.noteRange)", truth, texts.threshold(measured))
        case .match:
            let reachable = listener.matching.reachable(initialOffsetRange: settings.pitchMatchingInitialOffsetRange.rawValue,
                                                        tuningRange: settings.pitchMatchingTuningRange.rawValue)
            let measured = texts.matching(profile.matchAccuracy(for: mode))
            // Said only when it reads differently from the listener's own (to a tenth of a cent).
            func shown(_ cents: Double) -> Double { (cents * 10).rounded() / 10 + 0 }   // + 0: no "-0.0"
            guard shown(reachable.bias) == shown(listener.matching.bias), shown(reachable.spread) == shown(listener.matching.spread) else {
                return texts.text(.messageSimulatedTuningAtStop, listener.matching.bias, listener.matching.spread,
                                  shown(reachable.bias), shown(reachable.spread), measured)
            }
            return texts.text(.messageSimulatedTuning, listener.matching.bias, listener.matching.spread, measured)
        case .compareTiming, .fillTheGap:
            return ""   // the rhythm runs say their own
        }
    }
}

/// What `peach simulate --mode` and `peach run --mode` run: a training mode, or a hearing check
/// (`check`), whose answers are Hear & Compare – single notes answers.
enum ModeChoice: Hashable, ExpressibleByArgument, CustomStringConvertible {
    case training(TrainingMode)
    case check

    init?(argument: String) {
        if argument == "check" {
            self = .check
        } else if let mode = TrainingMode(rawValue: argument) {
            self = .training(mode)
        } else {
            return nil
        }
    }

    static var allValueStrings: [String] { TrainingMode.allCases.map(\.rawValue) + ["check"] }

    var description: String {
        switch self {
        case .training(let mode): mode.rawValue
        case .check: "check"
        }
    }

    /// The training mode chosen; nil for the check.
    var trainingMode: TrainingMode? {
        if case .training(let mode) = self { return mode }
        return nil
    }
}
