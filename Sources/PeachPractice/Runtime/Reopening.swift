/// A device that could not be opened at start (the sequencer, before `snd-seq` loads) is tried
/// again at a fixed interval until it opens or the box stops.
public struct Reopening: Sendable {
    public let interval: Duration

    public init(every interval: Duration) {
        self.interval = interval
    }

    /// `open`'s first result, trying again after each `sleep(interval)`; nil when `sleep` throws
    /// (the box is stopping).
    public func attempt<Device>(isolation: isolated (any Actor)? = #isolation, _ open: () -> Device?,
                                sleep: (Duration) async throws -> Void) async -> Device? {
        while true {
            if let device = open() { return device }
            do {
                try await sleep(interval)
            } catch {
                return nil
            }
        }
    }
}
