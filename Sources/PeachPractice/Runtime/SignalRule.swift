/// A signal the box acts on, by what it asks for rather than its number.
public enum BoxSignal: Hashable, Sendable {
    case hangUp, interrupt, terminate
}

/// What a signal does to the running box: the service's `systemctl reload` (SIGHUP) re-reads the
/// configuration; SIGINT and SIGTERM end the box cleanly (exit 0). On a terminal, SIGHUP means the
/// terminal went away: nobody is left to train, so it ends the box too.
public struct SignalRule: Sendable {
    public enum Response: Hashable, Sendable {
        case reload
        case stop(BoxSignal)
    }

    public let hasTerminal: Bool

    public init(hasTerminal: Bool) {
        self.hasTerminal = hasTerminal
    }

    public func response(to signal: BoxSignal) -> Response {
        signal == .hangUp && !hasTerminal ? .reload : .stop(signal)
    }

    /// The signals that came while the box started, acted on once it runs: a stop wins over a
    /// reload, and several of one kind count once. Nil when none came.
    public func response(toEarly signals: Set<BoxSignal>) -> Response? {
        if signals.contains(.terminate) { return .stop(.terminate) }
        if signals.contains(.interrupt) { return .stop(.interrupt) }
        return signals.contains(.hangUp) ? response(to: .hangUp) : nil
    }
}
