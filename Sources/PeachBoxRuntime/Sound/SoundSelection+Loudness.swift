import PeachDomain
import PeachSound

extension SoundSelection {
    /// How loud a training note of this sound is (RMS of A4 at nominal amplitude), rendered offline
    /// once at start-up, so that cues and the voice sit a fixed distance below what the player hears.
    @MainActor
    func nominalNoteRMS(velocity: MIDIVelocity) -> Double {
        guard let engine = try? SoundEngine(soundFont: path, preset: preset, calibration: calibration, voiceCount: 1),
              (try? engine.play(frequency: .concert440, seconds: 0.6, velocity: velocity, amplitude: .nominal)) != nil
        else { return 0.1 }
        let sink = WAVFileSink(renderer: engine.renderer)
        let samples = sink.render(seconds: 0.5).dropFirst(Int(0.1 * NoteSlotRenderer.sampleRate))
        let power: Double = samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(1, samples.count))
        return max(power.squareRoot(), 1e-4)
    }
}
