import PeachDomain
import PeachText

/// A sound card as the box needs to know it: its number now, whether an ALSA PCM name plays on it,
/// and whether another sighting is the same physical card (after a replug it may have another
/// number). udev's `SoundCard` is one.
public protocol OutputCard: Sendable, CustomStringConvertible {
    var number: Int { get }
    func matches(pcm: String) -> Bool
    func isSameDevice(as other: Self) -> Bool
}

/// What happens to the audio output, from ALSA (the output's own events) and from udev (its card
/// going and coming), as box events: a loss stops the training with its reason, a return lets it
/// go on. Keeps the output's buffer for the status: a buffer once enlarged stays so.
public struct AudioOutputWatch<Card: OutputCard>: Sendable {
    public let device: String
    public private(set) var card: Card?
    public private(set) var buffer: AudioBufferStatus?

    /// `present`: the cards there at start; the output's is the one its PCM name plays on.
    public init(device: String, present: [Card]) {
        self.device = device
        card = present.first { $0.matches(pcm: device) }
    }

    /// The output opened at start with this buffer.
    public mutating func opened(periodFrames: Int, periods: Int, sampleRate: Double) {
        buffer = AudioBufferStatus(periodFrames: periodFrames, periods: periods, enlarged: buffer?.enlarged,
                                   sampleRate: sampleRate)
    }

    /// ALSA opened the output again after a loss, with this buffer: training may go on.
    public mutating func recovered(periodFrames: Int, periods: Int, sampleRate: Double) -> BoxEvent {
        opened(periodFrames: periodFrames, periods: periods, sampleRate: sampleRate)
        return .audioOutputRecovered
    }

    /// ALSA lost the output: training stops with `reason`.
    public func failed(reason: String) -> BoxEvent {
        .audioOutputFailed(reason: reason)
    }

    /// The output stepped its buffer up by itself (after underruns, or because the device refused).
    public mutating func enlarged(to status: AudioBufferStatus) {
        buffer = status
    }

    /// A card went away: the output is lost when it was the output's card. `reason` says so.
    public func removed(_ removed: Card, reason: (Card) -> String) -> BoxEvent? {
        guard let card, removed.number == card.number else { return nil }
        return .audioOutputFailed(reason: reason(removed))
    }

    /// A card is ready: the output's card (at its new number) or, when none was known, one its name
    /// plays on. It is back: a removal ALSA never noticed must not leave the box waiting for a
    /// recovery that ALSA will not report.
    public mutating func ready(_ ready: Card, audioAvailable: Bool) -> BoxEvent? {
        if card == nil, ready.matches(pcm: device) { card = ready }
        guard let known = card, known.isSameDevice(as: ready) else { return nil }
        card = ready
        return audioAvailable ? nil : .audioOutputRecovered
    }

    /// The device and its buffer as the status shows them.
    public func statusText(texts: Texts) -> String {
        buffer?.text(device: device, texts: texts) ?? device
    }
}
