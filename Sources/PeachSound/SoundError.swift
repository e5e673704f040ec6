import PeachText

/// Why the sound engine could not do what was asked; each says what and what to do. `text(_:)`
/// says it through the tables (`sound…` keys) in a language; `description` in English.
public enum SoundError: DescribedError, Equatable, CustomStringConvertible {
    case soundFontMissing(path: String)
    case soundFontIsDirectory(path: String)
    case soundFontUnreadable(path: String)
    case presetNotFound(path: String, preset: SoundFontPreset, available: Int)
    /// FluidSynth could not make its settings (false) or its synthesizer (true).
    case synthesizerFailed(synthesizer: Bool)
    case frequencyOutOfRange(frequency: Double)
    case commandQueueFull
    case noDefaultSoundFont(searched: [String])
    case audioOutput(AudioOutputProblem)
    case invalidPresetText(String)

    public func text(_ texts: Texts) -> String {
        switch self {
        case .soundFontMissing(let path): texts.text(.soundFontMissing, path)
        case .soundFontIsDirectory(let path): texts.text(.soundFontIsDirectory, path)
        case .soundFontUnreadable(let path): texts.text(.soundFontUnreadable, path)
        case .presetNotFound(let path, let preset, let available): texts.text(.soundPresetNotFound, path, "\(preset)", available)
        case .synthesizerFailed(let synthesizer):
            texts.text(.soundSynthesizerFailed, texts.text(synthesizer ? .soundNoSynthesizer : .soundNoSettings))
        case .frequencyOutOfRange(let frequency): texts.text(.soundFrequencyOutOfRange, Decimals(frequency, 1))
        case .commandQueueFull: texts.text(.soundCommandQueueFull)
        case .noDefaultSoundFont(let searched): texts.text(.soundNoDefaultSoundFont, searched.joined(separator: ", "))
        case .audioOutput(let problem): texts.text(.soundAudioOutput, problem.device, problem.reason(texts))
        case .invalidPresetText(let text): texts.text(.soundInvalidPresetText, text)
        }
    }

    public var description: String { text(.english) }
}
