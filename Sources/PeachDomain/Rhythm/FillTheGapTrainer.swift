import Foundation
import Logging

/// The Fill the Gap loop: a pattern of sixteenths plays on and on, one step of each cycle silent;
/// the player taps on the gap, and the tap sounds the missing click at once. Every 16 cycles are a
/// trial, scored once its last gap has passed, while the next trial already plays.
///
/// Taps come in as times on the audio clock (the input layer maps the controller's timestamp onto
/// it), so a tap's offset is the time between where the click belonged and the key the player
/// pressed, whatever the output's buffer.
@MainActor
public final class FillTheGapTrainer {
    public enum State: String, Hashable, Sendable {
        case idle, playing
    }

    /// How long before a trial's end the next is placed at the least: more than the output's buffer
    /// and the main actor's lateness. It is placed no later than its last cycle's start, so the
    /// loop always holds the next trial before the last is scored.
    static let prepareAhead = 0.5
    /// How long after its last gap's window a trial is scored: a tap made in time may reach the
    /// main actor a little later (the input thread, a busy main actor).
    static let lateTapGrace = 0.15

    public private(set) var state: State = .idle {
        didSet { if state != oldValue { onChange?() } }
    }
    public private(set) var lastAnswer: GapFillAnswer?
    public private(set) var lastError: String?
    public var onChange: (@MainActor () -> Void)?

    private let resources: RhythmResources
    private var random: any RandomNumberGenerator
    /// The trial sounding and, near its end, the next one.
    private var trials: [GapTrial] = []

    public init(clicks: any ClickPlayer, clock: any TrainingClock, settings: any TrainingSettingsProvider,
                observers: [any RhythmObserver] = [], interruptions: (any TrainingInterruptionSource)? = nil,
                random: any RandomNumberGenerator = SystemRandomNumberGenerator(),
                logger: Logger = Logger(label: "peach.gap")) {
        resources = RhythmResources(clicks: clicks, clock: clock, settings: settings, observers: observers, logger: logger,
                                    trainingName: "fill-the-gap training")
        self.random = random
        resources.stopOnInterruptions(from: interruptions, trainer: self, isRunning: { [weak self] in self?.isRunning ?? false },
                                      stop: { [weak self] in self?.stop() })
    }

    private var clicks: any ClickPlayer { resources.clicks }

    public var isRunning: Bool { state != .idle }
    public static let cyclesPerTrial = GapTrial.cycles

    /// The gaps of the trial sounding (the first, before it starts): its tempo and when (audio
    /// clock) each cycle's gap is.
    public var currentGaps: (tempo: TempoBPM, times: [Double], positions: [GapPosition])? {
        let now = clicks.heardNow
        guard let trial = trials.last(where: { $0.start <= now }) ?? trials.first else { return nil }
        return (trial.tempo, (0..<GapTrial.cycles).map(trial.gapTime(cycle:)), trial.gaps)
    }

    public func start() {
        guard state == .idle else { return }
        lastError = nil
        state = .playing
        place(at: clicks.earliestSchedulable + CompareTimingTrainer.lead)
        wake()
    }

    /// A tap heard at `time` on the audio clock: it sounds at once, and counts for the gap it hits.
    public func tap(at time: Double) {
        guard state == .playing else { return }
        do { try clicks.clickNow(accented: false) } catch { resources.logger.warning("a tap's click failed: \(error)") }
        for index in trials.indices where trials[index].tap(at: time) { return }
    }

    /// A tap stamped by the input thread (CLOCK_MONOTONIC nanoseconds).
    public func tap(atMonotonic nanoseconds: UInt64) {
        tap(at: clicks.heardTime(ofMonotonic: nanoseconds))
    }

    /// A tap without a stamp of its own (the computer keyboard): now.
    public func tapNow() {
        tap(at: clicks.heardNow)
    }

    public func stop() {
        guard state != .idle else { return }
        resources.stopRun()
        trials = []
        lastAnswer = nil
        state = .idle
    }

    /// Scores every trial whose last gap has passed, places the next trial once the last one nears
    /// its end, and sleeps until the next of these.
    private func wake() {
        let now = clicks.heardNow
        let run = resources.run
        while let first = trials.first, now >= first.lastWindowEnd + Self.lateTapGrace {
            trials.removeFirst()
            if let answer = first.answer(at: resources.clock.now) { record(answer) }
            guard resources.run == run else { return }
        }
        if let last = trials.last, now >= Self.placingTime(after: last) {
            guard place(at: last.end) else { return }
        }
        guard let last = trials.last, let first = trials.first else { return }
        let next = min(first.lastWindowEnd + Self.lateTapGrace, Self.placingTime(after: last))
        let delay = max(next - now, 0.001)
        resources.schedule(after: .seconds(delay)) { [weak self] in self?.wake() }
    }

    /// When the trial after `trial` is placed.
    static func placingTime(after trial: GapTrial) -> Double {
        min(trial.end - prepareAhead, trial.end - 4 * trial.sixteenth)
    }

    /// Places a trial at `time` with the settings of now; false (and stopped) when the clicks fail.
    @discardableResult
    private func place(at time: Double) -> Bool {
        let rhythm = resources.rhythm
        let trial = GapTrial(tempo: rhythm.tempo, start: max(time, clicks.earliestSchedulable),
                             positions: rhythm.gapPositions, random: &random)
        do {
            try clicks.schedule(trial.clicks)
        } catch {
            let reason = resources.clicksFailed(error)
            stop()
            lastError = reason
            return false
        }
        trials.append(trial)
        return true
    }

    private func record(_ answer: GapFillAnswer) {
        lastAnswer = answer
        resources.tell(.gapFill(answer))
        onChange?()
    }
}
