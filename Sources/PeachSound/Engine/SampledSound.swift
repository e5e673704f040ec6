/// A short mono sound rendered once (a feedback cue, a spoken prompt) that the engine mixes into its
/// 48 kHz output without copying. Its samples live as long as the object; the engine keeps every
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

    /// 16-bit samples (full scale 32768) at `sampleRate`, read at 48 kHz by Catmull-Rom interpolation
    /// as they are mixed: for sounds that come at 16 bits and another rate anyway, such as eSpeak NG's
    /// speech at 22,050 Hz, which the box keeps ready for as long as it runs (less than half the
    /// memory of 48 kHz; a quarter of floats).
    public init(pcm16 samples: [Int16], sampleRate: Double) {
        let storage = UnsafeMutableBufferPointer<Int16>.allocate(capacity: max(samples.count, 1))
        _ = storage.initialize(from: samples)
        if samples.isEmpty { storage[0] = 0 }
        let step = sampleRate / NoteSlotRenderer.sampleRate
        // invariant: allocated with a capacity of at least 1.
        self.samples = .pcm16(UnsafePointer(storage.baseAddress!), last: max(samples.count - 1, 0), step: step)
        count = samples.isEmpty ? 0 : Int(Double(samples.count - 1) / step) + 1
    }

    /// The sound as it is mixed, at 48 kHz (for tests and offline use).
    public var frames: [Float] { (0..<count).map { samples[$0] } }

    /// Frames in the sound.
    public let count: Int

    deinit {
        switch samples {
        case .float(let pointer): UnsafeMutablePointer(mutating: pointer).deallocate()
        case .pcm16(let pointer, _, _): UnsafeMutablePointer(mutating: pointer).deallocate()
        }
    }
}

/// Where a cue's samples are, and how they are stored: what the render thread reads.
enum CueSamples: BitwiseCopyable {
    case float(UnsafePointer<Float>)
    /// 16-bit samples up to index `last`, `step` of them per 48 kHz frame.
    case pcm16(UnsafePointer<Int16>, last: Int, step: Double)

    /// Frame `index` at 48 kHz as a float, ±1 at full scale.
    @inline(__always)
    subscript(index: Int) -> Float {
        switch self {
        case .float(let pointer):
            return pointer[index]
        case .pcm16(let pointer, let last, let step):
            let position = Double(index) * step
            let i = Int(position)
            let t = Float(position - Double(i))
            @inline(__always) func at(_ j: Int) -> Float { Float(pointer[min(max(j, 0), last)]) * (1 / 32768) }
            let p0 = at(i - 1), p1 = at(i), p2 = at(i + 1), p3 = at(i + 2)
            return p1 + 0.5 * t * (p2 - p0 + t * (2 * p0 - 5 * p1 + 4 * p2 - p3 + t * (3 * (p1 - p2) + p3 - p0)))
        }
    }
}
