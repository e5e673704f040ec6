import PeachDomain

/// A control as the box names it aloud in the tour: what kind of control it is, in no language yet
/// (`SpokenText` has the words), or the mapping's own words for it.
public enum SpokenControl: Hashable, Sendable {
    /// Keys or pads sending the notes `low`…`high` (MIDI numbers; one note is one key).
    case notes(low: Int, high: Int)
    /// The pitch wheel pushed up (or down) and let go.
    case wheelFlick(up: Bool)
    /// A button sending controller change `number`.
    case button(Int)
    /// A program change `number`.
    case program(Int)
    /// A chord whose lowest key is of this pitch class (0 = C … 11 = B).
    case chord(pitchClass: Int)
    /// The pitch wheel as the tuning control.
    case pitchWheel
    /// A fader or knob sending controller change `number`, as the tuning control.
    case fader(Int)
    /// The mapping's own words for the control, per language (`spoken:` in a mapping file); said in
    /// English where its language has none.
    case named([Language: String])
}

/// The controls of the controller in use that the tour teaches, each as a list of the controls
/// that do it (said joined with "or"). An empty list is said as "its control".
public struct TourControls: Hashable, Sendable {
    public var higher: [SpokenControl]
    public var lower: [SpokenControl]
    public var tuning: [SpokenControl]
    /// Each mode's controls; the tour asks for Tune & Match's.
    public var modes: [TrainingMode: [SpokenControl]]
    public var report: [SpokenControl]
    public var stop: [SpokenControl]

    public init(higher: [SpokenControl] = [], lower: [SpokenControl] = [], tuning: [SpokenControl] = [.pitchWheel],
                modes: [TrainingMode: [SpokenControl]] = [:], report: [SpokenControl] = [], stop: [SpokenControl] = []) {
        self.higher = higher
        self.lower = lower
        self.tuning = tuning
        self.modes = modes
        self.report = report
        self.stop = stop
    }

    /// The steps this controller can be taught: a mode or report step only where it has the control.
    var steps: [TourStep] {
        var steps: [TourStep] = [.higher, .lower, .tuning]
        if !(modes[TourStep.modeTaught] ?? []).isEmpty { steps.append(.modes) }
        if !report.isEmpty { steps.append(.report) }
        return steps
    }

    /// The controls a step names.
    public func controls(for step: TourStep) -> [SpokenControl] {
        switch step {
        case .higher: higher
        case .lower: lower
        case .tuning: tuning
        case .modes: modes[TourStep.modeTaught] ?? []
        case .report: report
        }
    }
}
