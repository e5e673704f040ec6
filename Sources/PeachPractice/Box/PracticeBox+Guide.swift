import PeachDomain

/// The first minutes: the tour of the controls and the hearing check, how they start (the first
/// plug-in, `peach run --tour`, `--mode check`, the gestures) and what follows them.
///
/// Gestures every mapping can make, also from the computer keyboard (a program change cannot be
/// held, so nothing is held):
/// - the report control pressed twice within `gestureSeconds`: the tour;
/// - the Hear & Compare – single notes control pressed twice within `gestureSeconds`: a hearing check.
/// The first press does what it always does (the report, the mode); the second cuts it short.
extension PracticeBox {
    /// Where a pending start of Hear & Compare belongs to the hearing check.
    enum CheckStep: Hashable {
        /// A new check, once its introduction has been said.
        case introduction
        /// The check goes on after a prompt said in the middle of an exercise.
        case resuming
        /// The check's result is being said; training goes on afterwards.
        case result
    }

    /// Two presses of the same control within this many seconds make a gesture.
    public nonisolated static let gestureSeconds = 1.0

    /// How `controller`'s controls are named in the tour (from its mapping); said when it is in use.
    public func describeControls(_ controls: TourControls, of controller: ControllerID) {
        spokenControls[controller] = controls
    }

    /// What the first plug-in (and every plug-in while idle) starts.
    func open() {
        let opening = self.opening
        self.opening = .usual
        switch opening {
        case .check: startCheck()
        case .tour: startTour()
        case .usual where tour != nil && tourCount == 0 && !hasAnswers(): startTour()
        case .usual, .training: start(mode)
        }
    }

    /// True when `action` completed a gesture, which is then done instead.
    func isGesture(_ action: ControllerAction) -> Bool {
        guard let clock, action == .report || action == .start(.compare) else { return false }
        let now = clock.now.timeIntervalSince1970
        if let last = lastGesturePress, last.action == action, now - last.at <= Self.gestureSeconds {
            lastGesturePress = nil
            action == .report ? startTour() : startCheck()
            return true
        }
        lastGesturePress = (action, now)
        return false
    }

    // MARK: The hearing check

    /// Starts a hearing check, stopping whatever runs, once its introduction has been said. A box
    /// without a check trains Hear & Compare instead.
    public func startCheck() {
        guard check != nil else { return start(.compare) }
        guard prepareStart(.compare) else { return }
        pendingCheck = .introduction
        say(.checkStarts) { [weak self] in self?.beginCheck(.introduction) }
    }

    /// The check starts (or goes on), unless something else was asked for meanwhile.
    func beginCheck(_ step: CheckStep) {
        guard pendingStart == .compare, pendingCheck == step, isAudioAvailable, let check else { return }
        pendingStart = nil
        pendingCheck = nil
        stopSessions()
        step == .resuming ? check.resume() : check.start(.compare)
        onChange?()
    }

    /// The check has its answer: it is said, then Hear & Compare – single notes goes on from the
    /// threshold the profile now has (the check's answers in it).
    func checkFinished() {
        guard let check else { return }
        pendingStart = .compare
        pendingCheck = .result
        onChange?()
        say(.checkResult(check.check.result.threshold)) { [weak self] in
            guard let self, pendingStart == .compare, pendingCheck == .result else { return }
            start(.compare)
        }
    }

    /// Whether the hearing check is running (or about to).
    public var isChecking: Bool { pendingCheck != nil || (check.map { runningSession === $0 } ?? false) }

    // MARK: The tour

    /// Starts the tour of the controls of the controller in use, stopping training. Without a voice
    /// (or with it turned off) there is no tour: training starts instead.
    public func startTour() {
        guard let tour, isAudioAvailable, announcer?.isVoiceOn == true else { return start(mode) }
        pendingStart = nil
        pendingCheck = nil
        stopSessions()
        tourCount += 1
        tour.begin(controllerInUse.flatMap { spokenControls[$0] } ?? TourControls())
        onChange?()
    }

    /// After the tour: a hearing check for a player with no answers yet, else training; after a skip,
    /// training at once.
    func tourEnded(_ ending: ControlTour.Ending) {
        if ending == .finished, check != nil, !hasAnswers() { startCheck() } else { start(mode) }
    }
}
