import PeachText

/// Why the audio output does not play: its ALSA device, what failed (a step of opening and configuring
/// it, or playing) and ALSA's own words for it (`snd_strerror`; said in the language when
/// `SystemWords` has them).
/// `text(_:)` says it through the tables (`alsa…` keys): `audio device hw:1,0: open: No such device`.
public struct AudioOutputProblem: DescribedError, Hashable, Sendable, CustomStringConvertible {
    public enum Step: Hashable, Sendable {
        case open, blockingMode, configuration, interleavedAccess, sampleFormat, stereo, sampleRate, periodSize,
             periodCount, applyConfiguration, softwareParameters, noHandle, playing, largerBuffer
    }

    public let device: String
    public let step: Step
    /// ALSA's words, or the error that stopped a step that is not ALSA's; empty for none.
    public let detail: String

    public init(device: String, step: Step, detail: String = "") {
        self.device = device
        self.step = step
        self.detail = detail
    }

    /// What failed and why, without the device: `open: No such device` (while playing ALSA's words alone).
    public func reason(_ texts: Texts) -> String {
        let detail = SystemWords.text(self.detail, texts)
        guard step != .playing else { return detail }
        let what = step.text(texts)
        return detail.isEmpty ? what : texts.text(.alsaStepFailed, what, detail)
    }

    public func text(_ texts: Texts) -> String { texts.text(.alsaOutputProblem, device, reason(texts)) }

    public var description: String { text(.english) }
}

extension AudioOutputProblem.Step {
    func text(_ texts: Texts) -> String {
        switch self {
        case .open: texts.text(.alsaOpen)
        case .blockingMode: texts.text(.alsaBlockingMode)
        case .configuration: texts.text(.alsaNoConfiguration)
        case .interleavedAccess: texts.text(.alsaInterleavedAccess)
        case .sampleFormat: texts.text(.alsaSampleFormat)
        case .stereo: texts.text(.alsaStereo)
        case .sampleRate: texts.text(.alsaSampleRate)
        case .periodSize: texts.text(.alsaPeriodSize)
        case .periodCount: texts.text(.alsaPeriodCount)
        case .applyConfiguration: texts.text(.alsaApplyConfiguration)
        case .softwareParameters: texts.text(.alsaSoftwareParameters)
        case .noHandle: texts.text(.alsaNoHandle)
        case .playing: ""
        case .largerBuffer: texts.text(.alsaLargerBuffer)
        }
    }
}
