/// What the note player asks of the render thread. Plain values only, so passing one through the
/// ring neither allocates nor touches a reference count.
enum VoiceCommand: BitwiseCopyable {
    /// `releaseAfter` in output frames; negative: sounds until released.
    case start(slot: Int, generation: UInt32, key: Int32, velocity: Int32, ratio: Double, gain: Float, releaseAfter: Int)
    case retune(slot: Int, generation: UInt32, ratio: Double)
    case release(slot: Int, generation: UInt32)
    case silenceAll
    case cue(samples: UnsafePointer<Float>, count: Int, gain: Float)
}
