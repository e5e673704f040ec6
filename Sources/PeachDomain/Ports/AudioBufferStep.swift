/// Why the audio output moved to a larger buffer by itself (it never steps down while it runs).
public enum AudioBufferStep: Sendable, Hashable {
    /// The machine could not keep the buffer filled: repeated underruns.
    case afterUnderruns
    /// The device opened with the smaller buffer but failed every write at it.
    case refusedByDevice
}
