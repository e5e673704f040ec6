import PeachDomain

/// The spoken tour of the controls: a welcome that says how to skip it, then one step at a time it
/// names a control of the controller in use and waits for the player to press it.
///
/// - A right press goes on to the next step ("Good." and the next control).
/// - A wrong press is explained ("That was lower. When the second note is higher: …") and the step
///   waits again; nothing is counted against the player. A wheel or fader still moving after the
///   tuning step, a commit without a held value and a tap count as nothing.
/// - No press within `waitForPress` after the prompt: the prompt is said once more; after a second
///   wait the tour goes on to the next step.
/// - The stop control ends the tour at once (`onEnd(.skipped)`), at any point.
/// - After the last step it says how to hear it again and ends (`onEnd(.finished)`).
///
/// Presses are taken while a prompt is being said too; what the tour says goes through `say`, and
/// the waits run on the injected clock.
@MainActor
public final class ControlTour {
    public enum Ending: Hashable, Sendable {
        case finished
        case skipped
    }

    /// How long a step waits for its press after its prompt has been said.
    public static let waitForPress: Duration = .seconds(20)

    private let clock: any TrainingClock
    private let say: @MainActor (SpokenPrompt, (@MainActor () -> Void)?) -> Void
    /// Called once when the tour ends by itself or is skipped (not when cancelled).
    public var onEnd: (@MainActor (Ending) -> Void)?
    /// Called after anything the status line shows has changed.
    public var onChange: (@MainActor () -> Void)?

    public private(set) var isRunning = false
    /// The step waiting for its press; nil during the welcome and the end.
    public private(set) var step: TourStep?
    private var steps: [TourStep] = []
    private var controls = TourControls()
    /// Waits the current step has timed out.
    private var timeouts = 0
    private var timer: (any ScheduledTimer)?
    /// Counts prompts, so that a prompt's continuation cut off by a later one does nothing.
    private var generation = 0

    public init(clock: any TrainingClock, say: @escaping @MainActor (SpokenPrompt, (@MainActor () -> Void)?) -> Void) {
        self.clock = clock
        self.say = say
    }

    /// How the controller's mapping should read its controls now: nil outside a step.
    public var inputSkill: TrainingMode.Skill? { isRunning ? step?.skill : nil }

    /// Starts from the welcome, teaching `controls`.
    public func begin(_ controls: TourControls) {
        cancel()
        self.controls = controls
        steps = controls.steps
        isRunning = true
        speak(.welcome(stop: controls.stop)) { [weak self] in self?.ask(0, afterRight: false) }
    }

    /// Ends the tour without a word (an interruption, or something else asked for).
    public func cancel() {
        timer?.cancel()
        timer = nil
        generation += 1
        guard isRunning else { return }
        isRunning = false
        step = nil
        onChange?()
    }

    /// A press of the player's, already mapped to what it would do in training.
    public func handle(_ action: ControllerAction) {
        guard isRunning else { return }
        if action == .stop { return end(.skipped) }
        guard let step, let press = Self.press(action) else { return }
        // A wheel or fader still moving after the tuning step is no press.
        if press == .tuning, step != .tuning { return }
        if Self.isRight(press, for: step) {
            let next = (steps.firstIndex(of: step) ?? steps.count) + 1
            ask(next, afterRight: true)
        } else {
            timer?.cancel()
            speak(.wrong(press, step: step, controls: controls.controls(for: step))) { [weak self] in self?.wait() }
        }
    }

    /// What a press is in the tour; nil for commits without a held wheel value and taps.
    private static func press(_ action: ControllerAction) -> TourPress? {
        switch action {
        case .answer(let higher): .answer(higher: higher)
        case .start(let mode): .mode(mode)
        case .report: .report
        case .adjustTuning, .commitTuning(heldValue: _?): .tuning
        case .commitTuning(heldValue: nil), .tap, .stop: nil
        }
    }

    private static func isRight(_ press: TourPress, for step: TourStep) -> Bool {
        switch (step, press) {
        case (.higher, .answer(higher: true)), (.lower, .answer(higher: false)), (.tuning, .tuning), (.report, .report): true
        case (.modes, .mode(let mode)): mode == TourStep.modeTaught
        default: false
        }
    }

    /// Asks for step number `index`, or ends after the last.
    private func ask(_ index: Int, afterRight: Bool) {
        timer?.cancel()
        timeouts = 0
        guard steps.indices.contains(index) else {
            step = nil
            onChange?()
            return speak(.end) { [weak self] in self?.end(.finished) }
        }
        step = steps[index]
        onChange?()
        speak(.ask(steps[index], controls: controls.controls(for: steps[index]), afterRight: afterRight)) { [weak self] in
            self?.wait()
        }
    }

    private func wait() {
        timer?.cancel()
        let waiting = generation
        timer = clock.schedule(after: Self.waitForPress) { [weak self] in
            guard let self, generation == waiting else { return }
            timedOut()
        }
    }

    /// The first time out says the prompt again, the second goes on.
    private func timedOut() {
        guard let step, let index = steps.firstIndex(of: step) else { return }
        guard timeouts == 0 else { return ask(index + 1, afterRight: false) }
        timeouts = 1
        speak(.ask(step, controls: controls.controls(for: step), afterRight: false)) { [weak self] in self?.wait() }
    }

    private func end(_ ending: Ending) {
        cancel()
        onEnd?(ending)
    }

    /// Says `prompt`; `then` runs only if no other prompt or ending came since.
    private func speak(_ prompt: TourPrompt, then: @escaping @MainActor () -> Void) {
        generation += 1
        let current = generation
        say(.tour(prompt)) { [weak self] in
            guard let self, isRunning, generation == current else { return }
            then()
        }
    }
}
