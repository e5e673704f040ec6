/// A short mono sound rendered once (a feedback cue), 48 kHz, that the engine mixes into its output
/// without copying. Its samples live as long as the object; the engine keeps every cue it has played.
// Immutable after init, hence safe to share.
public final class SampledSound: @unchecked Sendable {
    let samples: UnsafeMutableBufferPointer<Float>

    public init(samples: [Float]) {
        self.samples = .allocate(capacity: max(samples.count, 1))
        _ = self.samples.initialize(from: samples)
        if samples.isEmpty { self.samples[0] = 0 }
        count = samples.count
    }

    /// Frames in the sound.
    public let count: Int

    deinit { samples.deallocate() }
}
