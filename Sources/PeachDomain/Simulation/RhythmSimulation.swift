import Foundation

/// Runs the real rhythm trainers against a `SimulatedListener` on a virtual clock: the audio clock
/// is the virtual clock, clicks are silent, and the listener answers or taps as its `timing` and
/// `tapping` say.
@MainActor
public final class RhythmSimulation {
    static let answerTime: Duration = .milliseconds(500)

    private let listener: SimulatedListener
    private let clock: ManualTrainingClock
    private let clicks: SimulatedClickPlayer
    private let timing: CompareTimingTrainer
    private let gapFill: FillTheGapTrainer
    private var random: SeededRandomGenerator

    public init(listener: SimulatedListener, profile: @escaping @MainActor (TempoBand) -> [TimingDirection: Double],
                observers: [any RhythmObserver], settings: any TrainingSettingsProvider, start: Date, seed: UInt64) {
        self.listener = listener
        clock = ManualTrainingClock(startDate: start)
        clicks = SimulatedClickPlayer(clock: clock)
        timing = CompareTimingTrainer(clicks: clicks, clock: clock, settings: settings, observers: observers,
                                      measured: profile, random: SeededRandomGenerator(seed: seed))
        gapFill = FillTheGapTrainer(clicks: clicks, clock: clock, settings: settings, observers: observers,
                                    random: SeededRandomGenerator(seed: seed &+ 1))
        random = SeededRandomGenerator(seed: seed &+ 2)
    }

    public var now: Date { clock.now }

    /// `count` Compare Timing answers, starting at `date` (or at once if that has passed).
    public func runTiming(answers count: Int, at date: Date) {
        wait(until: date)
        var answered = 0
        timing.start()
        while answered < count, timing.isRunning {
            if timing.state == .awaitingAnswer, let exercise = timing.currentExercise {
                clock.advance(by: Self.answerTime)
                let right = Double.random(in: 0..<1, using: &random) < listener.probabilityCorrect(timingOffsetMs: exercise.offsetMs)
                timing.answer(early: right == (exercise.direction == .early))
                answered += 1
            } else if !clock.advanceToNextTimer() {
                break
            }
        }
        timing.stop()
    }

    /// `count` Fill the Gap trials, starting at `date` (or at once if that has passed).
    public func runGapFill(trials count: Int, at date: Date) {
        wait(until: date)
        gapFill.start()
        var scored = 0
        var tapped = Set<Double>()
        // A listener who never hits leaves no trial to count: give up after twice the time the trials take.
        var steps = 0
        while scored < count, steps < 2 * count * GapTrial.cycles * 4 + 64, gapFill.isRunning, let gaps = gapFill.currentGaps {
            steps += 1
            let step = gaps.tempo.sixteenth
            // Each gap's tap, a sixteenth ahead of the clock (a tap's time is its own, not the clock's).
            for (time, position) in zip(gaps.times, gaps.positions) where !tapped.contains(time) && time <= clicks.heardNow + step {
                tapped.insert(time)
                if Double.random(in: 0..<1, using: &random) < listener.tapping.miss { continue }
                let offset = listener.tapping.bias(at: position) + listener.tapping.spread * TrainingSimulation.normal(&random)
                gapFill.tap(at: time + offset / 1000)
            }
            let before = gapFill.lastAnswer
            clock.advance(by: .seconds(step))
            if gapFill.lastAnswer != before { scored += 1 }
        }
        gapFill.stop()
    }

    private func wait(until date: Date) {
        let wait = date.timeIntervalSince(clock.now)
        if wait > 0 { clock.advance(seconds: wait) }
    }
}

/// A click player on a virtual clock: the audio clock is the clock's elapsed time; nothing sounds.
@MainActor
public final class SimulatedClickPlayer: ClickPlayer {
    private let clock: ManualTrainingClock

    public init(clock: ManualTrainingClock) {
        self.clock = clock
    }

    public var heardNow: Double { clock.elapsed.seconds }
    public var earliestSchedulable: Double { heardNow }
    /// The virtual clock's seconds, in nanoseconds.
    public func heardTime(ofMonotonic nanoseconds: UInt64) -> Double { Double(nanoseconds) / 1e9 }
    public func schedule(_ clicks: [Click]) {}
    public func clickNow(accented: Bool) {}
    public func cancelClicks() {}
}
