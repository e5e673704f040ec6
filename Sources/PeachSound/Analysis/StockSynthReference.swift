/// Stock FluidSynth holding one note at its own pitch, with nothing of Peach around it: the anchor
/// `make bench` compares the engine's render cost with (same SoundFont, preset and block size).
public final class StockSynthReference {
    private let synth: FluidSynthesizer
    private let left = UnsafeMutablePointer<Float>.allocate(capacity: 8192)
    private let right = UnsafeMutablePointer<Float>.allocate(capacity: 8192)

    public init(soundFont path: String, preset: SoundFontPreset) throws(SoundError) {
        synth = try FluidSynthesizer(soundFont: path, preset: preset)
    }

    deinit {
        left.deallocate()
        right.deallocate()
    }

    public func noteOn(key: Int, velocity: Int = 100) { synth.noteOn(key: Int32(key), velocity: Int32(velocity)) }
    public func silence() { synth.silence() }
    /// FluidSynth voices sounding (a held note of a looped sample stays at one or two).
    public var soundingVoices: Int { synth.activeVoiceCount }

    /// Renders `frames` (≤ 8192) stereo frames, as FluidSynth's own audio driver does per period.
    public func render(frames: Int) { synth.render(frames: min(frames, 8192), left: left, right: right) }
}
