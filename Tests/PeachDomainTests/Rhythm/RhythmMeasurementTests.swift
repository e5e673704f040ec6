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

    @Test("Compare Timing: each direction's threshold is measured, its interval holding the truth",
          arguments: [(12.0, 9.0, 2.5, 0.02, UInt64(1)), (20, 20, 1.5, 0.0, 2), (6, 14, 4, 0.05, 3)])
    func timingThresholds(early: Double, late: Double, slope: Double, lapse: Double, seed: UInt64) throws {
        var contained = 0, close = 0, total = 0
        for run in 0..<4 {
            let collect = Collect()
            let simulation = RhythmSimulation(listener: listener(early: early, late: late, slope: slope, lapse: lapse),
                                              profile: { _ in [:] }, observers: [collect],
                                              settings: FixedSettingsProvider(), start: Date(timeIntervalSince1970: 0),
                                              seed: seed &* 100 &+ UInt64(run))
            simulation.runTiming(answers: 600, at: Date(timeIntervalSince1970: 0))
            #expect(collect.profile.timingCount == 600)
            let band = try #require(collect.profile.latestBand)
            for (direction, truth) in [(TimingDirection.early, early), (.late, late)] {
                let measured = try #require(collect.profile.threshold(band: band, direction: direction)).milliseconds
                total += 1
                if measured.low <= truth && truth <= measured.high { contained += 1 }
                if abs(measured.value / truth - 1) <= 0.25 { close += 1 }
            }
        }
        #expect(contained >= 7, "interval held the truth \(contained) of \(total)")
        #expect(close >= 6, "within ±25 %: \(close) of \(total)")
    }

    @Test("Fill the Gap: bias, spread, per-position bias and misses come out as the tapper's")
    func tapping() throws {
        let collect = Collect()
        let simulation = RhythmSimulation(listener: listener(early: 10, late: 10, slope: 2.5, lapse: 0.02),
                                          profile: { _ in [:] }, observers: [collect],
                                          settings: FixedSettingsProvider(), start: Date(timeIntervalSince1970: 0), seed: 5)
        simulation.runGapFill(trials: 40, at: Date(timeIntervalSince1970: 0))
        let profile = collect.profile
        #expect(profile.gapFillCount == 40)
        let missShare = Double(profile.misses) / Double(profile.hits + profile.misses)
        #expect(missShare > 0.02 && missShare < 0.09, "misses \(missShare)")
        let e = try #require(profile.tapping(at: .e).bias)
        #expect(e.low <= -12 && -12 <= e.high, "e: \(e)")
        let and = try #require(profile.tapping(at: .and).bias)
        #expect(and.low <= -6 && -6 <= and.high, "and: \(and)")
        let spread = try #require(profile.tapping.spread)
        #expect(spread.value > 8.5 && spread.value < 11.5, "spread \(spread)")
    }
}
