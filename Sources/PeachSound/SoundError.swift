/// Why the sound engine could not do what was asked; each says what and what to do.
public enum SoundError: Error, Equatable, CustomStringConvertible {
    case soundFontMissing(path: String)
    case soundFontUnreadable(path: String)
    case presetNotFound(path: String, preset: SoundFontPreset, available: Int)
    case synthesizerFailed(String)
    case frequencyOutOfRange(frequency: Double)
    case commandQueueFull
    case noDefaultSoundFont(searched: [String])
    case audioDevice(device: String, reason: String)
    case invalidPresetText(String)

    public var description: String {
        switch self {
        case .soundFontMissing(let path):
            "SoundFont \(path) does not exist; give the path of an .sf2 file (for example /usr/share/sounds/sf2/FluidR3_GM.sf2)"
        case .soundFontUnreadable(let path):
            "\(path) is not a SoundFont FluidSynth can load; give an .sf2 file"
        case .presetNotFound(let path, let preset, let available):
            "\(path) has no preset \(preset) (it has \(available)); `peach sounds \(path)` lists them"
        case .synthesizerFailed(let what):
            "FluidSynth failed: \(what)"
        case .frequencyOutOfRange(let frequency):
            "cannot play \(frequency) Hz: notes must lie within the sound's keys, about 7 Hz to 16 kHz"
        case .commandQueueFull:
            "the audio engine is not keeping up (its command queue is full); the audio thread may be stalled"
        case .noDefaultSoundFont(let searched):
            "no default SoundFont found (looked in \(searched.joined(separator: ", "))); pass --sound FILE.sf2"
        case .audioDevice(let device, let reason):
            "cannot open the audio device \(device): \(reason); check that a sound card is connected, or choose another with --device (`aplay -L` lists them), or use --output FILE.wav"
        case .invalidPresetText(let text):
            "'\(text)' is not a preset; write BANK:PROGRAM, for example 0:0 (bank 0–16383, program 0–127)"
        }
    }
}
