/// Holds the next exercise back while something else must be heard first (a spoken prompt), so that
/// no training note ever sounds over it. The sessions ask it between exercises.
@MainActor
public protocol ExerciseGate: AnyObject {
    /// Runs `proceed` once nothing holds the next exercise back: at once when nothing does.
    func whenOpen(_ proceed: @escaping @MainActor () -> Void)
}
