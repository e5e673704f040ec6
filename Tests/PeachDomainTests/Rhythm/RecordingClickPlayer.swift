@testable import PeachDomain

/// A click player on a manual clock that keeps what it was asked; its buffer is `latency` seconds.
@MainActor
final class RecordingClickPlayer: ClickPlayer {
    let clock: ManualTrainingClock
    let latency: Double
    private(set) var scheduled: [Click] = []
    private(set) var clicksNow = 0
    private(set) var cancels = 0

    init(clock: ManualTrainingClock, latency: Double = 0.02) {
        self.clock = clock
        self.latency = latency
    }

    var heardNow: Double { clock.elapsed.seconds }
    var earliestSchedulable: Double { heardNow + latency }
    func heardTime(ofMonotonic nanoseconds: UInt64) -> Double { Double(nanoseconds) / 1e9 }
    func schedule(_ clicks: [Click]) { scheduled += clicks }
    func clickNow(accented: Bool) { clicksNow += 1 }
    func cancelClicks() { cancels += 1 }
}

@MainActor
final class RhythmAnswers: RhythmObserver {
    private(set) var answers: [RhythmAnswer] = []
    func rhythmAnswered(_ answer: RhythmAnswer) { answers.append(answer) }

    var timing: [TimingAnswer] { answers.compactMap { if case .timing(let a) = $0 { a } else { nil } } }
    var gapFill: [GapFillAnswer] { answers.compactMap { if case .gapFill(let a) = $0 { a } else { nil } } }
}
