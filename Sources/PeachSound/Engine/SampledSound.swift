/// A short mono sound rendered once (a feedback cue, a spoken prompt), 48 kHz, that the engine mixes
/// into its output without copying. Its samples live as long as the object; the engine keeps every
/// cue it may still be playing.
// Immutable after init, hence safe to share.
public final class SampledSound: @unchecked Sendable {
    let samples: CueSamples

    /// Samples as rendered, mixed as they are.
    public init(samples: [Float]) {
        let storage = UnsafeMutableBufferPointer<Float>.allocate(capacity: max(samples.count, 1))
        _ = storage.initialize(from: samples)
        if samples.isEmpty { storage[0] = 0 }
        // invariant: allocated with a capacity of at least 1.
        self.samples = .float(UnsafePointer(storage.baseAddress!))
        count = samples.count
    }

    /// 16-bit samples (full scale 32768): half the memory of floats, for sounds that come at 16 bits
    /// anyway, such as eSpeak NG's speech, which the box keeps ready for as long as it runs.
    public init(pcm16 samples: [Int16]) {
        let storage = UnsafeMutableBufferPointer<Int16>.allocate(capacity: max(samples.count, 1))
        _ = storage.initialize(from: samples)
        if samples.isEmpty { storage[0] = 0 }
        // invariant: allocated with a capacity of at least 1.
        self.samples = .pcm16(UnsafePointer(storage.baseAddress!))
        count = samples.count
    }

    /// Frames in the sound.
    public let count: Int

    deinit {
        switch samples {
        case .float(let pointer): UnsafeMutablePointer(mutating: pointer).deallocate()
        case .pcm16(let pointer): UnsafeMutablePointer(mutating: pointer).deallocate()
        }
    }
}

/// Where a cue's samples are, and how they are stored: what the render thread reads.
enum CueSamples: BitwiseCopyable {
    case float(UnsafePointer<Float>)
    case pcm16(UnsafePointer<Int16>)

    /// Sample `index` as a float, ±1 at full scale.
    @inline(__always)
    subscript(index: Int) -> Float {
        switch self {
        case .float(let pointer): pointer[index]
        case .pcm16(let pointer): Float(pointer[index]) * (1 / 32768)
        }
    }
}
