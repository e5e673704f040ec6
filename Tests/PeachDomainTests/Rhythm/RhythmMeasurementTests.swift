import Foundation
import Testing
@testable import PeachDomain

/// The rhythm figures against simulated listeners with known truths.
@Suite("Rhythm measurement: simulated listeners")
@MainActor
struct RhythmMeasurementTests {
    final class Collect: RhythmObserver {
        var profile = RhythmProfile()
        func rhythmAnswered(_ answer: RhythmAnswer) {
            switch answer {
            case .timing(let timing): profile.add(timing)
            case .gapFill(let gapFill): profile.add(gapFill)
            }
        }
    }

    func listener(early: Double, late: Double, slope: Double, lapse: Double) -> SimulatedListener {
        var listener = SimulatedListener(shape: .weibull, slope: slope, lapse: lapse, thresholds: [(MIDINote(60), 10)])
        listener.timing = SimulatedListener.Timing(early: early, late: late)
        listener.tapping = SimulatedListener.Tapping(bias: -6, spread: 10, miss: 0.05, positions: [.e: -12])
        return listener
    }

    /// Listeners with slopes 1.5–4 and lapses 0–5 %, early and late apart; their thresholds stay
    /// within the offsets asked (up to 20 % of a sixteenth: 21 ms at 140 BPM).
    static let timingListeners: [(early: Double, late: Double, slope: Double, lapse: Double)] = [
        (12, 9, 2.5, 0.02), (8, 8, 1.5, 0.0), (5, 12, 4, 0.05), (15, 10, 3, 0.01),
    ]

    @Test("Compare Timing: after 600 answers each direction within ±15 % of the truth for at least 80 % of seeds, at two tempo bands",
          arguments: [80, 140])
    func timingThresholds(tempo: Int) throws {
        var within = 0, contained = 0, total = 0
        let settings = FixedSettingsProvider(TrainingSettings(rhythm: RhythmSettings(tempo: TempoBPM(validating: tempo)!)))
        for (index, truth) in Self.timingListeners.enumerated() {
            for seed in 0..<5 {
                let collect = Collect()
                let simulation = RhythmSimulation(listener: listener(early: truth.early, late: truth.late, slope: truth.slope,
                                                                     lapse: truth.lapse),
                                                  profile: { _ in [:] }, observers: [collect], settings: settings,
                                                  start: Date(timeIntervalSince1970: 0), seed: UInt64(index * 100 + seed + tempo))
                simulation.runTiming(answers: 600, at: Date(timeIntervalSince1970: 0))
                #expect(collect.profile.timingCount == 600)
                let band = try #require(collect.profile.latestBand)
                #expect(band == TempoBand(containing: TempoBPM(validating: tempo)!))
                for (direction, value) in [(TimingDirection.early, truth.early), (.late, truth.late)] {
                    let measured = try #require(collect.profile.threshold(band: band, direction: direction)).milliseconds
                    total += 1
                    if abs(measured.value / value - 1) <= 0.15 { within += 1 }
                    if measured.low <= value && value <= measured.high { contained += 1 }
                }
            }
        }
        #expect(Double(within) >= 0.8 * Double(total), "within ±15 %: \(within) of \(total)")
        #expect(Double(contained) >= 0.8 * Double(total), "interval held the truth: \(contained) of \(total)")
    }

    @Test("Fill the Gap: after 10 trials the bias within ±2 ms and the spread within ±20 %; after 20 each position's bias within ±3 ms")
    func tapping() throws {
        // Positions' biases -3, -12, -5, -8 around a spread of 10: overall bias -7, spread √(10² + 11.5).
        let positions: [GapPosition: Double] = [.beat: -3, .e: -12, .and: -5, .a: -8]
        let (bias, spread) = (-7.0, (100 + 11.5).squareRoot())
        var overall = 0, perPosition = 0, positionsChecked = 0
        for seed in UInt64(0)..<10 {
            var tapper = listener(early: 10, late: 10, slope: 2.5, lapse: 0.02)
            tapper.tapping = SimulatedListener.Tapping(bias: 0, spread: 10, miss: 0.05, positions: positions)
            let collect = Collect()
            let simulation = RhythmSimulation(listener: tapper, profile: { _ in [:] }, observers: [collect],
                                              settings: FixedSettingsProvider(), start: Date(timeIntervalSince1970: 0), seed: seed)
            simulation.runGapFill(trials: 10, at: Date(timeIntervalSince1970: 0))
            let profile = collect.profile
            #expect(profile.gapFillCount == 10)
            let missShare = Double(profile.misses) / Double(profile.hits + profile.misses)
            #expect(missShare < 0.15, "misses \(missShare)")
            let measuredBias = try #require(profile.tapping.bias).value
            let measuredSpread = try #require(profile.tapping.spread).value
            if abs(measuredBias - bias) <= 2 && abs(measuredSpread / spread - 1) <= 0.2 { overall += 1 }
            simulation.runGapFill(trials: 10, at: simulation.now)
            for (position, truth) in positions {
                positionsChecked += 1
                if abs(try #require(collect.profile.tapping(at: position).bias).value - truth) <= 3 { perPosition += 1 }
            }
        }
        #expect(overall >= 9, "bias and spread right after 10 trials for \(overall) of 10 seeds")
        #expect(Double(perPosition) >= 0.95 * Double(positionsChecked), "positions right after 20 trials: \(perPosition) of \(positionsChecked)")
    }
}
