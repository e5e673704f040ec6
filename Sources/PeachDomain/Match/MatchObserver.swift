/// Told about every Tune & Match answer. A thrown error is logged; training goes on.
@MainActor
public protocol MatchObserver: AnyObject {
    func matchAnswered(_ completed: MatchAnswer) throws
}
