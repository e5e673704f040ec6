import Foundation

/// Measures each key of a preset once, offline: renders it at 48 kHz with no pitch bend, skips the
/// attack, and measures the pitch of the rest with `PitchEstimator`.
public struct PresetCalibrator: Sendable {
    public let soundFont: String
    public let preset: SoundFontPreset
    static let seconds = 1.5
    static let attackSeconds = 0.15
    /// How far from its equal-tempered pitch a key's tone is looked for: no measurement lies beyond it.
    static let searchCents = 60.0

    public init(soundFont: String, preset: SoundFontPreset) {
        self.soundFont = soundFont
        self.preset = preset
    }

    /// `starting` is called once the SoundFont and preset have loaded, before the keys are rendered.
    public func measure(starting: () -> Void = {}) throws(SoundError) -> NoteCalibration {
        let synth = try FluidSynthesizer(soundFont: soundFont, preset: preset)
        starting()
        let rate = NoteSlotRenderer.sampleRate
        let frames = Int(Self.seconds * rate)
        let blocks = frames / FluidSynthesizer.blockSize
        var left = [Float](repeating: 0, count: blocks * FluidSynthesizer.blockSize)
        var right = left
        let estimator = PitchEstimator(searchRange: Self.searchCents)
        var cents: [Double?] = []
        var unstable: [Int] = []
        for key in NoteCalibration.keys {
            synth.noteOn(key: Int32(key), velocity: 100)
            left.withUnsafeMutableBufferPointer { l in
                right.withUnsafeMutableBufferPointer { r in
                    for b in 0..<blocks {
                        let offset = b * FluidSynthesizer.blockSize
                        // invariant: both buffers hold `blocks` blocks, so they are not empty.
                        synth.render(frames: FluidSynthesizer.blockSize, left: l.baseAddress! + offset, right: r.baseAddress! + offset)
                    }
                }
            }
            synth.silence()
            let mono = zip(left, right).dropFirst(Int(Self.attackSeconds * rate)).map { ($0 + $1) * 0.5 }
            let nominal = 440 * pow(2, Double(key - 69) / 12)
            guard let estimate = estimator.estimate(mono, sampleRate: rate, near: nominal), estimate.amplitude > 1e-4 else {
                cents.append(nil)
                continue
            }
            cents.append(estimate.cents(from: nominal))
            if !estimate.isSteady { unstable.append(key) }
        }
        return NoteCalibration(cents: cents, unstableKeys: unstable)
    }
}
