/// The parts of the running box, each a service, in the order they start; they shut down in the
/// reverse order. So at a stop: training stops and its notes fade (`practice`) before the
/// controllers' lights go out and the sequencer closes; the output plays that fade-out through its
/// buffer before it closes; the status goes before the terminal is given back (no status line is
/// drawn over the shell); and the history closes last, once nothing can answer any more. `settings`
/// (the watch on the dashboard's settings file) starts when everything it reloads is there. `stop`,
/// which ends the box, starts last and is the first to end.
public enum BoxPart: CaseIterable, Hashable, Sendable {
    case history, terminal, status, audioOutput, controllers, practice, settings, stop

    /// The order the parts shut down in.
    public static var shutdownOrder: [BoxPart] { allCases.reversed() }
}
