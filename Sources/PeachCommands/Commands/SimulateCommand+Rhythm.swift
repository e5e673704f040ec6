import ArgumentParser
import Foundation
import PeachConfig
import PeachDomain
import PeachOptions
import PeachReports
import PeachStorage
import PeachText

extension SimulateCommand {
    /// The longest a simulated rhythm answer takes, in seconds: a Fill the Gap trial is 16 beats at
    /// the tempo, a Compare Timing answer at most a few beats; with room for the pauses.
    static func longestRhythmAnswer(_ mode: TrainingMode, tempo: TempoBPM) -> Double {
        mode == .fillTheGap ? 16 * 60 / Double(tempo.rawValue) + longestAnswer : longestAnswer
    }

    /// `--mode compare-timing` or `fill-the-gap`: the real rhythm trainers on a virtual clock, the
    /// listener's `timing` and `tapping` answering, every answer into the history (`--trials`
    /// counts answers for Compare Timing, trials of 16 cycles for Fill the Gap), dated as the pitch
    /// modes' are: in runs over the last `--days` days, after the rhythm answers already there.
    func simulateRhythm(_ mode: TrainingMode, listener: SimulatedListener, settings: TrainingSettings,
                        history: HistoryStore) throws {
        var stored = RhythmDigest()
        var latest = Date.distantPast
        try history.forEachRhythmAnswer(timing: { stored.add($0); latest = max(latest, $0.timestamp) },
                                        gapFill: { stored.add($0); latest = max(latest, $0.timestamp) })
        let (digest, after) = (stored, latest)
        let now = Date()
        let first = max(now.addingTimeInterval(-(days ?? Double(runs)) * 86_400), after.addingTimeInterval(1))
        let span = now.timeIntervalSince(first)
        let texts = CommandLineTexts.current
        guard span >= Double(trials) * Self.longestRhythmAnswer(mode, tempo: settings.rhythm.tempo) else {
            throw CommandFailure(texts.text(.messageSimulationNoRoom, SystemCalendar().localTime(of: after).dateAndTime, trials))
        }
        let seed = seed ?? UInt64.random(in: 1...UInt64(UInt32.max))
        let (trials, runLength, runs) = (trials, runLength, runs)
        let started = ContinuousClock.now
        let summary = MainActor.assumeIsolated {
            let profile = LiveRhythmProfile(digest)
            let simulation = RhythmSimulation(listener: listener, profile: { profile.measuredShares(in: $0) },
                                              observers: [history, profile], settings: FixedSettingsProvider(settings),
                                              start: first, seed: seed)
            for run in 0..<runs {
                let count = min(runLength, trials - run * runLength)
                let date = first.addingTimeInterval(span * Double(run) / Double(runs))
                if mode == .fillTheGap {
                    simulation.runGapFill(trials: count, at: date)
                } else {
                    simulation.runTiming(answers: count, at: date)
                }
            }
            return Self.rhythmSummary(listener: listener, mode: mode, settings: settings, profile: profile.digest.profile,
                                      texts: texts)
        }
        let seconds = (ContinuousClock.now - started).seconds
        print(texts.text(.messageSimulated, trials, texts.name(mode), "\(seed)", Decimals(seconds, 2)))
        print(summary)
    }

    /// The listener's truth beside what Peach measures. Fill the Gap's true bias and spread are those
    /// of all taps, the enabled gap positions drawn equally often: the mean of the positions' biases,
    /// and the spread widened by how far they lie apart.
    static func rhythmSummary(listener: SimulatedListener, mode: TrainingMode, settings: TrainingSettings,
                              profile: RhythmProfile, texts: Texts) -> String {
        func said(_ figure: IntervalEstimate?, signed: Bool = false) -> String {
            guard let figure else { return texts.text(.thresholdNotEnoughAnswers) }
            return texts.text(.messageSimulatedFigure, Decimals(figure.value, 1, signed: signed),
                              Decimals(figure.low, 1, signed: signed), Decimals(figure.high, 1, signed: signed))
        }
        if mode == .compareTiming {
            guard let band = profile.latestBand else { return texts.text(.thresholdNotEnoughAnswers) }
            func measured(_ direction: TimingDirection) -> String {
                said(profile.threshold(band: band, direction: direction).flatMap { $0.isConclusive ? $0.milliseconds : nil })
            }
            return texts.text(.messageSimulatedTiming, band.lowest, band.highest, Decimals(listener.timing.early, 1),
                              Decimals(listener.timing.late, 1), measured(.early), measured(.late))
        }
        let tapping = listener.tapping
            let biases = settings.rhythm.gapPositions.sorted().map { tapping.bias(at: $0) }
            let bias = biases.reduce(0, +) / Double(biases.count)
            let between = biases.reduce(0) { $0 + ($1 - bias) * ($1 - bias) } / Double(biases.count)
            return texts.text(.messageSimulatedTapping, Decimals(bias, 1, signed: true),
                              Decimals((tapping.spread * tapping.spread + between).squareRoot(), 1),
                          said(profile.tapping.bias, signed: true), said(profile.tapping.spread), profile.hits, profile.misses)
    }
}
