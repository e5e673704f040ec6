/// What a player asks of the box from a MIDI controller or the computer keyboard, after the mapping
/// has turned raw input into intent. The composition root routes these to the sessions.
public enum ControllerAction: Hashable, Sendable {
    /// Hear & Compare: the second note was higher (`true`) or lower (`false`). Compare Timing: the
    /// click was late (`true`, the higher control) or early (`false`, the lower one).
    case answer(higher: Bool)
    /// Fill the Gap: a key or pad pressed at `time` (CLOCK_MONOTONIC nanoseconds, as the input
    /// thread read it).
    case tap(at: UInt64)
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
