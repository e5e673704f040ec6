/// One mono 16-bit sample with a loop that plays continuously while the key is held.
public struct Sample: Sendable, Equatable {
    public var name: String
    public var frames: [Int16]
    /// Frame indices of the loop: `loop.lowerBound` is its first frame, `loop.upperBound` the
    /// first frame after it (the SoundFont's `dwEndloop`).
    public var loop: Range<Int>
    public var sampleRate: UInt32
    /// The MIDI key at which the sample plays at its recorded pitch.
    public var rootKey: UInt8
    public var pitchCorrectionCents: Int8

    public init(name: String, frames: [Int16], loop: Range<Int>, sampleRate: UInt32, rootKey: UInt8,
                pitchCorrectionCents: Int8 = 0) {
        self.name = name
        self.frames = frames
        self.loop = loop
        self.sampleRate = sampleRate
        self.rootKey = rootKey
        self.pitchCorrectionCents = pitchCorrectionCents
    }
}
