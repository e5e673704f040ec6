import PeachText

/// PeachSound's texts, by their keys in the tables: the sound's errors, an audio device that does not
/// play, a WAV file that cannot be read, the audio thread's scheduling.
public enum SoundText: String, TextKeys {
    // The calibration cache (CalibrationCache)
    case soundCalibrationCacheUnwritable
    // Reading a WAV file (WAVFile.ReadError)
    case wavNotWAV
    case wavUnsupportedEncoding
    case wavNoAudioData
    // The sound's errors (SoundError)
    case soundFontMissing
    case soundFontIsDirectory
    case soundFontUnreadable
    case soundPresetNotFound
    case soundSynthesizerFailed
    case soundFrequencyOutOfRange
    case soundCommandQueueFull
    case soundNoDefaultSoundFont
    case soundAudioOutput
    case soundInvalidPresetText
    // An audio device that does not play (AudioOutputProblem): the step that failed
    case alsaOutputProblem
    case alsaOpen
    case alsaBlockingMode
    case alsaNoConfiguration
    case alsaInterleavedAccess
    case alsaSampleFormat
    case alsaStereo
    case alsaSampleRate
    case alsaPeriodSize
    case alsaPeriodCount
    case alsaApplyConfiguration
    case alsaSoftwareParameters
    case alsaNoHandle
    case alsaLargerBuffer
    // FluidSynth's failures and the audio thread's scheduling
    case soundNoSettings
    case soundNoSynthesizer
    case schedulingRealtime
    case schedulingRefused
    case schedulingOff
}

extension Texts {
    /// The text of `key` with its placeholders filled in.
    public func text(_ key: SoundText, _ arguments: any TextArgument...) -> String {
        text(of: key, arguments: arguments)
    }
}
