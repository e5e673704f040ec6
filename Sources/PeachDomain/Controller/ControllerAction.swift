/// What a player asks of the box from a MIDI controller or the computer keyboard, after the mapping
/// has turned raw input into intent. The composition root routes these to the sessions.
public enum ControllerAction: Hashable, Sendable {
    /// Hear & Compare: the second note was higher (`true`) or lower (`false`).
    case answer(higher: Bool)
    /// Tune & Match: the tuning control moved to `controlValue` in −1…+1.
    case adjustTuning(controlValue: Double)
    /// Tune & Match: commit. `heldValue` is the control value the player held before a spring-loaded
    /// wheel snapped back to centre; `nil` commits the current value (faders, knobs, a commit pad).
    case commitTuning(heldValue: Double?)
    /// Start (or switch to) a training mode.
    case start(TrainingMode)
    /// Stop training (the session discards the incomplete exercise).
    case stop
    /// Say the current mode's threshold (or Tune & Match's mean error), its trend and the last result.
    case report
}
