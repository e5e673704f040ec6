/// Told about every committed pitch-matching attempt. A thrown error is logged; training goes on.
@MainActor
public protocol PitchMatchingObserver: AnyObject {
    func pitchMatchingCompleted(_ completed: CompletedPitchMatching) throws
}
