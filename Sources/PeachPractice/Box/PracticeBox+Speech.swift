import PeachDomain

/// What the box says, and the report on request.
extension PracticeBox {
    /// Says `prompt` when there is an announcer and a sound output to say it through; `then` runs once
    /// it has been heard, or at once when nothing is said.
    func say(_ prompt: SpokenPrompt, then: (@MainActor () -> Void)? = nil) {
        guard let announcer, isAudioAvailable else {
            then?()
            return
        }
        announcer.say(prompt, then: then)
    }

    /// The report of the current mode, said while training goes on (see `interject`).
    public func report() {
        interject(.report(currentReport()))
    }

    /// Says `prompt` without stopping training. Between exercises the next one waits for it; in the
    /// middle of one, the unanswered exercise is thrown away (never recorded) and a new one starts
    /// after the prompt, so that no note sounds with it.
    func interject(_ prompt: SpokenPrompt) {
        guard case .training(let running) = activity, pendingStart == nil,
              let session = runningSession, !session.isBetweenExercises else {
            say(prompt)
            return
        }
        let inCheck = session === check
        stopSessions()
        pendingStart = running
        if inCheck { pendingCheck = .resuming }
        onChange?()
        say(prompt) { [weak self] in inCheck ? self?.beginCheck(.resuming) : self?.begin(running) }
    }

    /// The report as it stands now: the mode's measurement and trend, and the run's last answer.
    public func currentReport() -> SpokenReport {
        var current = mode
        if case .training(let running) = activity { current = running }
        let figures = reports?.measurement(for: current)
        let last = (runningSession ?? session(for: current))?.lastResult
        return SpokenReport(mode: current, measurement: figures?.value ?? .notEnoughAnswers, trend: figures?.trend, last: last,
                            rhythm: reports?.rhythmMeasurement(for: current))
    }
}
