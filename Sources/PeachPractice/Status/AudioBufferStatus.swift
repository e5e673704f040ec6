import PeachDomain
import PeachText

/// The audio output's buffer as the live status shows it, beside the device (a buffer
/// the output enlarged by itself stays in sight, not only in one log line).
public struct AudioBufferStatus: Hashable, Sendable {
    public var periodFrames: Int
    public var periods: Int
    /// Why the output stepped up to it by itself; nil when it is the buffer asked for.
    public var enlarged: AudioBufferStep?
    public var sampleRate: Double

    public init(periodFrames: Int, periods: Int, enlarged: AudioBufferStep? = nil, sampleRate: Double) {
        self.periodFrames = periodFrames
        self.periods = periods
        self.enlarged = enlarged
        self.sampleRate = sampleRate
    }

    /// The whole buffer's length: at most this long from a rendered period to the ear.
    public var milliseconds: Double { Double(periodFrames * periods) / sampleRate * 1000 }

    /// `device`, then its buffer: periods × frames and milliseconds, and whether it was enlarged. The
    /// frames as `audio.period-frames` takes them, with no digit grouping.
    public func text(device: String, texts: Texts) -> String {
        let key: PracticeText = switch enlarged {
        case nil: .statusAudioBuffer
        case .afterUnderruns: .statusAudioBufferEnlarged
        case .refusedByDevice: .statusAudioBufferRefused
        }
        return texts.text(key, device, periods, String(periodFrames), Decimals(milliseconds, 1))
    }
}
