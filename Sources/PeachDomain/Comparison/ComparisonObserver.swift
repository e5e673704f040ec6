/// Told about every answered comparison (the store records it, the profile learns from it).
/// A thrown error is logged by the session; training goes on.
@MainActor
public protocol ComparisonObserver: AnyObject {
    func comparisonCompleted(_ completed: CompletedComparison) throws
}
