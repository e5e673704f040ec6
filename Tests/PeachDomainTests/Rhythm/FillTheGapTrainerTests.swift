import Foundation
import Testing
@testable import PeachDomain

@Suite("Fill the Gap: the loop, the taps, the trial")
@MainActor
struct FillTheGapTrainerTests {
    let clock = ManualTrainingClock(startDate: Date(timeIntervalSince1970: 1_000_000))
    let observer = RhythmAnswers()

    func trainer(_ clicks: RecordingClickPlayer, positions: Set<GapPosition> = Set(GapPosition.allCases)) -> FillTheGapTrainer {
        let settings = FixedSettingsProvider(TrainingSettings(rhythm: RhythmSettings(tempo: TempoBPM(validating: 100)!,
                                                                                      gapPositions: positions)))
        return FillTheGapTrainer(clicks: clicks, clock: clock, settings: settings, observers: [observer],
                                 random: SeededRandomGenerator(seed: 11))
    }

    @Test("each cycle leaves one enabled step silent; a trial is 16 cycles")
    func patternLeavesGaps() throws {
        let clicks = RecordingClickPlayer(clock: clock)
        let trainer = trainer(clicks, positions: [.and, .a])
        trainer.start()
        let gaps = try #require(trainer.currentGaps)
        #expect(gaps.times.count == 16)
        #expect(Set(gaps.positions).isSubset(of: [.and, .a]))
        #expect(clicks.scheduled.count == 16 * 3)
        for time in gaps.times {
            #expect(!clicks.scheduled.contains { abs($0.time - time) < 1e-9 }, "a click sounds in the gap at \(time)")
        }
    }

    @Test("taps give their offsets, the means per position, hits and misses; every tap sounds")
    func tapsScored() throws {
        let clicks = RecordingClickPlayer(clock: clock)
        let trainer = trainer(clicks)
        trainer.start()
        let gaps = try #require(trainer.currentGaps)
        var expected: [Double] = []
        for (cycle, time) in gaps.times.enumerated() where cycle % 4 != 3 {
            let offset = Double(cycle % 5) * 0.004 - 0.008
            trainer.tap(at: time + offset)
            expected.append(offset * 1000)
        }
        trainer.tap(at: gaps.times[3] + 0.15 * 0.6 + 0.05)   // beyond half a sixteenth (75 ms at 100 BPM)
        while observer.gapFill.isEmpty, clock.advanceToNextTimer() {}
        let answer = try #require(observer.gapFill.first)
        let taps = try #require(answer.taps)
        #expect(taps.hits.count == 12)
        #expect(taps.misses == 4)
        #expect(abs(answer.meanOffsetMs - expected.reduce(0, +) / 12) < 1e-6)
        for position in GapPosition.allCases {
            let offsets = taps.hits.filter { $0.position == position }.map(\.offsetMs)
            let mean = answer.meanOffsetMsByPosition[position.rawValue]
            #expect(offsets.isEmpty ? mean == nil : abs(mean! - offsets.reduce(0, +) / Double(offsets.count)) < 1e-9)
        }
        #expect(clicks.clicksNow == 13)
        #expect(trainer.isRunning, "the loop goes on into the next trial")
    }

    @Test("the next trial follows the last without a gap in the grid")
    func nextTrialOnTime() throws {
        let clicks = RecordingClickPlayer(clock: clock)
        let trainer = trainer(clicks)
        trainer.start()
        let first = try #require(trainer.currentGaps)
        let sixteenth = first.tempo.sixteenth
        let start = first.times[0] - Double(first.positions[0].rawValue) * sixteenth
        clock.advance(seconds: 64 * sixteenth)
        let second = try #require(trainer.currentGaps)
        let nextStart = second.times[0] - Double(second.positions[0].rawValue) * sixteenth
        #expect(abs(nextStart - (start + 64 * sixteenth)) < 1e-9)
        #expect(observer.gapFill.isEmpty, "a trial nobody tapped is not recorded")
    }

    @Test("a tap on the last gap that reaches the trainer just after its window closed still counts")
    func lateTapOnLastGap() throws {
        let clicks = RecordingClickPlayer(clock: clock)
        let trainer = trainer(clicks)
        trainer.start()
        let gaps = try #require(trainer.currentGaps)
        let last = try #require(gaps.times.last)
        clock.advance(seconds: last + gaps.tempo.sixteenth / 2 + 0.05 - clicks.heardNow)
        trainer.tap(at: last + 0.01)
        for _ in 0..<20 where observer.gapFill.isEmpty { clock.advanceToNextTimer() }
        let trial = try #require(observer.gapFill.first)
        #expect(trial.taps?.hits.count == 1)
        #expect(abs(trial.meanOffsetMs - 10) < 1e-6)
    }
}
