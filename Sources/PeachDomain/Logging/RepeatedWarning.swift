/// Keeps a warning that can repeat many times a second (a MIDI flood's overruns) to one log line
/// per interval: the first occurrence is logged at once, the following ones within the interval
/// are counted, and the next line after the interval says how many there were. Time is passed in
/// (monotonic seconds), so tests drive it.
public struct RepeatedWarning: Sendable {
    public let interval: Double
    private var lastLogged: Double?
    private var suppressed = 0

    public init(interval: Double = 10) {
        self.interval = interval
    }

    /// One occurrence at `now`: nil when it is only counted, else the number of occurrences
    /// counted silently since the last line (to say in this one).
    public mutating func occurred(at now: Double) -> Int? {
        if let lastLogged, now - lastLogged < interval {
            suppressed += 1
            return nil
        }
        lastLogged = now
        defer { suppressed = 0 }
        return suppressed
    }
}
