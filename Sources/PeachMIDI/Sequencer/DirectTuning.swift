import PeachDomain
import Synchronization

/// The tuning control's short way to the sounding note: the Tune & Match session says
/// which note the control moves (`TuningShortcut.follow`), and the sequencer's input thread moves
/// it as soon as it reads a move of any connected controller's tuning control, before the event
/// goes on to the main actor. The main actor still gets every event and keeps the session's state;
/// its own retune of the same move is older or equal and changes nothing.
///
/// The input thread never waits: it takes the route only if no one else holds it at that moment
/// (the session replaces it at the start and end of a tunable note), and otherwise leaves the move
/// to the main actor, as without this shortcut.
public final class DirectTuning: TuningShortcut {
    private let route = Mutex<TuningRoute?>(nil)

    public init() {}

    public func follow(_ route: TuningRoute?) {
        self.route.withLock { $0 = route }
    }

    /// Input thread: moves the followed note if `message` is `mapping`'s tuning control; a note that
    /// awaits its first touch starts with it (`ControllerMapping.firstTouchValue`). `time` is when the
    /// event was read. True when the note was moved or started.
    @discardableResult
    public func deliver(_ message: MIDIMessage, mappedBy mapping: ControllerMapping, at time: UInt64) -> Bool {
        let moved = route.withLockIfAvailable { route -> Bool in
            guard let current = route,
                  let value = current.awaitsFirstTouch ? mapping.firstTouchValue(of: message) : mapping.tuningValue(of: message),
                  let frequency = current.frequency(at: value) else { return false }
            current.note.retune(to: frequency, causedAt: time)
            route?.awaitsFirstTouch = false
            return true
        }
        return moved ?? false
    }
}
