/// What the note player asks of the render thread. Plain values only, so passing one through the
/// ring neither allocates nor touches a reference count.
enum NoteSlotCommand: BitwiseCopyable {
    /// `releaseAfter` in output frames; negative: sounds until released.
    case start(slot: Int, generation: UInt32, key: Int32, velocity: Int32, ratio: Double, gain: Float, releaseAfter: Int)
    /// A note that starts at its first retune (`NoteSlot.arm`).
    case arm(slot: Int, generation: UInt32, key: Int32, velocity: Int32, gain: Float)
    /// `causedAt`: when the move was read from its controller (monotonic ns), 0 when it has no such
    /// time (the computer keyboard): see `TuningMailbox`.
    case retune(slot: Int, generation: UInt32, ratio: Double, causedAt: UInt64)
    case release(slot: Int, generation: UInt32)
    case silenceAll
    case cue(samples: CueSamples, count: Int, gain: Float)
    /// A rhythm click at output frame `frame` (at once if that has passed): `ClickSound.sounds[sound]`.
    case click(frame: Int64, sound: Int)
    /// Every click not yet started is dropped.
    case cancelClicks
}
