/// Where a Tune & Match trainer says which note the tuning control moves now, and how,
/// so that the controller's input thread can move it at once instead of waiting for the main
/// actor. The trainer alone decides: a route while its tunable note waits for the first touch (which
/// may start it) or sounds, none at any other time.
/// The main actor still receives every move and keeps the trainer's state; the route only makes
/// the note follow sooner.
public protocol TuningShortcut: Sendable {
    /// The route from now on; nil: the control moves no note.
    func follow(_ route: TuningRoute?)
}

/// What a move of the tuning control means while a tunable note sounds: that note, and its pitch
/// for each control value, as the trainer maps it.
public struct TuningRoute: Sendable {
    public let note: any DirectlyTunableNote
    /// The note's frequency at control value 0.
    public let centre: Frequency
    /// How far the control's ends (±1) move the note from `centre`.
    public let range: Cents
    /// The note has not sounded yet: only a move that the trainer takes for a first touch starts it
    /// (for the pitch wheel, one out of its neutral zone), the same as the controller's mapper.
    public var awaitsFirstTouch: Bool

    public init(note: any DirectlyTunableNote, centre: Frequency, range: Cents, awaitsFirstTouch: Bool = false) {
        self.note = note
        self.centre = centre
        self.range = range
        self.awaitsFirstTouch = awaitsFirstTouch
    }

    /// The note's frequency at `controlValue` (clamped to −1…+1); nil for a value that is no number.
    public func frequency(at controlValue: Double) -> Frequency? {
        guard !controlValue.isNaN else { return nil }
        return centre.shifted(by: range * min(max(controlValue, -1), 1))
    }
}
