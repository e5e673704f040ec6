import CAlsa
import Glibc

/// An ALSA PCM playback device, as `aplay -l` lists it: one the configuration's `audio.device` can
/// choose as the box's audio output. (`AudioOutput`, in PeachSound, is what the engine plays into.)
public struct PlaybackDevice: Hashable, Sendable, CustomStringConvertible {
    public var card: Int
    public var device: Int
    public var cardName: String
    public var deviceName: String

    /// The ALSA name to open it by.
    public var alsaName: String { "hw:\(card),\(device)" }

    public var description: String { "\(alsaName)  \(cardName): \(deviceName)" }
}

extension PlaybackDevice {
    /// Every playback device of every card (for `peach devices`); throws a readable reason when
    /// there is no sound support.
    public static func all() throws(SequencerError) -> [PlaybackDevice] {
        guard access("/dev/snd", F_OK) == 0 else {
            throw SequencerError(.noSoundDevices)
        }
        var outputs: [PlaybackDevice] = []
        var card: Int32 = -1
        while snd_card_next(&card) >= 0, card >= 0 {
            var control: OpaquePointer?
            guard snd_ctl_open(&control, "hw:\(card)", 0) >= 0, let control else { continue }
            defer { snd_ctl_close(control) }
            var namePointer: UnsafeMutablePointer<CChar>?
            let cardName: String
            if snd_card_get_name(card, &namePointer) >= 0, let namePointer {
                cardName = String(cString: namePointer)
                free(namePointer)
            } else {
                cardName = "card \(card)"
            }
            var info: OpaquePointer?
            guard snd_pcm_info_malloc(&info) >= 0, let info else { continue }
            defer { snd_pcm_info_free(info) }
            var device: Int32 = -1
            while snd_ctl_pcm_next_device(control, &device) >= 0, device >= 0 {
                snd_pcm_info_set_device(info, UInt32(device))
                snd_pcm_info_set_subdevice(info, 0)
                snd_pcm_info_set_stream(info, SND_PCM_STREAM_PLAYBACK)
                guard snd_ctl_pcm_info(control, info) >= 0 else { continue }  // capture-only device
                outputs.append(PlaybackDevice(card: Int(card), device: Int(device), cardName: cardName,
                                              deviceName: String(cString: snd_pcm_info_get_name(info))))
            }
        }
        return outputs
    }
}
