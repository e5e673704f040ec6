import Foundation
import Testing
@testable import PeachDomain

/// The rhythm modes' trends, against simulated listeners who never change and who do.
@Suite("Rhythm trends")
@MainActor
struct RhythmDigestTests {
    final class Collect: RhythmObserver {
        var digest = RhythmDigest()
        func rhythmAnswered(_ answer: RhythmAnswer) {
            switch answer {
            case .timing(let timing): digest.add(timing)
            case .gapFill(let gapFill): digest.add(gapFill)
            }
        }
    }

    static func listener(early: Double = 12, late: Double = 9, spread: Double = 10) -> SimulatedListener {
        var listener = SimulatedListener(shape: .weibull, slope: 2.5, lapse: 0.02, thresholds: [(MIDINote(60), 10)])
        listener.timing = SimulatedListener.Timing(early: early, late: late)
        listener.tapping = SimulatedListener.Tapping(bias: -6, spread: spread, miss: 0.05)
        return listener
    }

    /// Runs `listeners` one after the other into one digest: `answers` Compare Timing answers, or
    /// `trials` Fill the Gap trials, each.
    static func digest(_ listeners: [SimulatedListener], answers: Int = 0, trials: Int = 0, seed: UInt64) -> RhythmDigest {
        let collect = Collect()
        var start = Date(timeIntervalSince1970: 0)
        for (index, listener) in listeners.enumerated() {
            let simulation = RhythmSimulation(listener: listener, profile: { _ in [:] }, observers: [collect],
                                              settings: FixedSettingsProvider(), start: start, seed: seed &* 10 &+ UInt64(index))
            if answers > 0 { simulation.runTiming(answers: answers, at: start) }
            if trials > 0 { simulation.runGapFill(trials: trials, at: start) }
            start = simulation.now.addingTimeInterval(3600)
        }
        return collect.digest
    }

    @Test("no trend before there is a threshold or enough taps in each half")
    func noTrendYet() {
        #expect(RhythmDigest().timingTrend == nil && RhythmDigest().gapFillTrend == nil)
        #expect(Self.digest([Self.listener()], answers: 12, seed: 1).timingTrend == nil)
    }

    @Test("a listener who never changes is stable: Compare Timing after 600 answers, Fill the Gap after 10 trials")
    func stable() {
        var timingStable = 0, gapStable = 0
        for seed in UInt64(1)...20 {
            if Self.digest([Self.listener()], answers: 600, seed: seed).timingTrend == .stable { timingStable += 1 }
            if Self.digest([Self.listener()], trials: 10, seed: seed).gapFillTrend == .stable { gapStable += 1 }
        }
        #expect(timingStable >= 19, "Compare Timing stable in \(timingStable) of 20")
        #expect(gapStable >= 19, "Fill the Gap stable in \(gapStable) of 20")
    }

    @Test("thresholds that double are declining, that halve improving; taps twice as spread are declining")
    func changes() {
        var declining = 0, improving = 0, tapsDeclining = 0
        for seed in UInt64(1)...10 {
            let worse = Self.digest([Self.listener(), Self.listener(early: 24, late: 18)], answers: 300, seed: seed)
            if worse.timingTrend == .declining { declining += 1 }
            let better = Self.digest([Self.listener(early: 24, late: 18), Self.listener()], answers: 300, seed: seed)
            if better.timingTrend == .improving { improving += 1 }
            let spread = Self.digest([Self.listener(), Self.listener(spread: 20)], trials: 5, seed: seed)
            if spread.gapFillTrend == .declining { tapsDeclining += 1 }
        }
        #expect(declining >= 9 && improving >= 9, "declining \(declining), improving \(improving) of 10")
        #expect(tapsDeclining >= 9, "taps declining \(tapsDeclining) of 10")
    }

    @Test("the trend is the most recent band's: answers at another tempo before it do not count")
    func latestBand() {
        let collect = Collect()
        var slow = TrainingSettings()
        slow.rhythm.tempo = TempoBPM(validating: 50)!
        let first = RhythmSimulation(listener: Self.listener(early: 40, late: 40), profile: { _ in [:] }, observers: [collect],
                                     settings: FixedSettingsProvider(slow), start: Date(timeIntervalSince1970: 0), seed: 1)
        first.runTiming(answers: 600, at: first.now)
        let second = RhythmSimulation(listener: Self.listener(), profile: { _ in [:] }, observers: [collect],
                                      settings: FixedSettingsProvider(), start: first.now.addingTimeInterval(60), seed: 2)
        second.runTiming(answers: 600, at: second.now)
        #expect(collect.digest.profile.latestBand == TempoBand(containing: TempoBPM(validating: 80)!))
        #expect(collect.digest.timingTrend == .stable)
    }

    @Test("a threshold is said only when its interval is narrow enough and within the offsets asked")
    func conclusive() {
        let asked = 0.01...0.2
        #expect(RhythmThreshold(share: IntervalEstimate(value: 0.05, low: 0.04, high: 0.07), sixteenthMs: 187.5, offsetsAsked: asked).isConclusive)
        #expect(!RhythmThreshold(share: IntervalEstimate(value: 0.05, low: 0.02, high: 0.07), sixteenthMs: 187.5, offsetsAsked: asked).isConclusive)
        #expect(!RhythmThreshold(share: IntervalEstimate(value: 0.2, low: 0.15, high: 0.3), sixteenthMs: 187.5, offsetsAsked: asked).isConclusive)
    }
}
