/// A sounding note that the tuning control can move from any thread, without the main actor
/// (a wheel move reaches the note at the next audio period). `retune` never blocks and
/// never allocates; it does nothing once the note is over or released. `causedAt` is when the
/// move was read from its controller (monotonic ns): of two moves, the one read later wins.
public protocol DirectlyTunableNote: Sendable {
    func retune(to frequency: Frequency, causedAt: UInt64)
}

