/// Told about every Hear & Compare answer (the store records it, the profile learns from it).
/// A thrown error is logged by the trainer; training goes on.
@MainActor
public protocol CompareObserver: AnyObject {
    func compareAnswered(_ completed: CompareAnswer) throws
}
