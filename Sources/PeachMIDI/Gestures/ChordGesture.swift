import PeachDomain

/// A chord as a command, for keyboards with nothing but keys: three or more keys struck together
/// (within `window`) do what the chord's lowest key names, e.g. any chord on E switches to Tune &
/// Match. A single key waits out the window before it answers or commits, so a chord never answers.
public struct ChordGesture: Hashable, Sendable {
    /// The fewest keys that make a chord.
    public var minimumKeys: Int
    /// How close together in time the keys of one chord are struck, in seconds.
    public var window: Double
    /// What a chord does, by the pitch class (0 = C … 11 = B) of its lowest key.
    public var actions: [Int: ControllerAction]

    public init(minimumKeys: Int = 3, window: Double = 0.08, actions: [Int: ControllerAction] = [:]) {
        self.minimumKeys = minimumKeys
        self.window = window
        self.actions = actions
    }

    var windowNanoseconds: UInt64 { UInt64(window * 1e9) }
}

/// The keys struck within the current window, not yet known to be single keys or a chord.
struct ChordDetector: Sendable {
    struct Key: Sendable {
        var channel: UInt8
        var note: UInt8
        var time: UInt64
    }

    let gesture: ChordGesture
    /// Kept within `minimumKeys`, so holding them never allocates after the first chord.
    private(set) var pending: [Key] = []
    /// Until then further keys belong to the chord just recognised and do nothing.
    private var chordUntil: UInt64 = 0

    init(gesture: ChordGesture) {
        self.gesture = gesture
        pending.reserveCapacity(gesture.minimumKeys)
    }

    /// When the oldest pending key stops waiting for a chord; nil when none waits.
    var deadline: UInt64? { pending.first.map { $0.time &+ gesture.windowNanoseconds } }

    /// The keys whose window has passed by `time`: single keys after all, to be played as such.
    mutating func expired(at time: UInt64) -> [Key] {
        guard let deadline, time >= deadline else { return [] }
        let keys = pending
        pending.removeAll(keepingCapacity: true)
        return keys
    }

    enum Outcome {
        /// The key waits: it may become part of a chord.
        case waiting
        /// The keys make a chord; its action, if its lowest key names one.
        case chord(ControllerAction?)
        /// Part of a chord already recognised.
        case swallowed
    }

    mutating func keyDown(channel: UInt8, note: UInt8, at time: UInt64) -> Outcome {
        if time < chordUntil { return .swallowed }
        pending.append(Key(channel: channel, note: note, time: time))
        guard pending.count >= gesture.minimumKeys else { return .waiting }
        let lowest = pending.reduce(UInt8.max) { min($0, $1.note) }
        chordUntil = (pending.first?.time ?? time) &+ gesture.windowNanoseconds
        pending.removeAll(keepingCapacity: true)
        return .chord(gesture.actions[Int(lowest) % 12])
    }

    mutating func reset() {
        pending.removeAll(keepingCapacity: true)
        chordUntil = 0
    }
}
