/// One channel message from a controller, decoded from an ALSA sequencer event. Channels are 0…15
/// on the wire and in this type (mapping files and messages to people say 1…16).
public enum MIDIMessage: Hashable, Sendable {
    case noteOn(channel: UInt8, note: UInt8, velocity: UInt8)
    /// Also what a note-on with velocity 0 decodes to (running-status keyboards send those).
    case noteOff(channel: UInt8, note: UInt8, velocity: UInt8)
    /// −8192…8191, 0 is the centre. A 7-bit wheel moves in steps of 128.
    case pitchBend(channel: UInt8, value: Int16)
    case controlChange(channel: UInt8, controller: UInt8, value: UInt8)
    case programChange(channel: UInt8, program: UInt8)
    case channelPressure(channel: UInt8, pressure: UInt8)
    case polyPressure(channel: UInt8, note: UInt8, pressure: UInt8)

    public static let pitchBendRange: ClosedRange<Int> = -8192...8191

    public var channel: UInt8 {
        switch self {
        case let .noteOn(channel, _, _), let .noteOff(channel, _, _), let .pitchBend(channel, _),
             let .controlChange(channel, _, _), let .programChange(channel, _), let .channelPressure(channel, _),
             let .polyPressure(channel, _, _):
            channel
        }
    }

    /// The message as raw MIDI bytes (status byte first), as `amidi` and device manuals write them.
    public var bytes: [UInt8] {
        switch self {
        case let .noteOn(channel, note, velocity): [0x90 | channel, note, velocity]
        case let .noteOff(channel, note, velocity): [0x80 | channel, note, velocity]
        case let .polyPressure(channel, note, pressure): [0xA0 | channel, note, pressure]
        case let .controlChange(channel, controller, value): [0xB0 | channel, controller, value]
        case let .programChange(channel, program): [0xC0 | channel, program]
        case let .channelPressure(channel, pressure): [0xD0 | channel, pressure]
        case let .pitchBend(channel, value):
            [0xE0 | channel, UInt8((Int(value) + 8192) & 0x7F), UInt8(((Int(value) + 8192) >> 7) & 0x7F)]
        }
    }
}

extension MIDIMessage: CustomStringConvertible {
    /// `note-on ch1 C4 (60) vel 100`: the words people use, channels 1-based.
    public var description: String {
        func note(_ n: UInt8) -> String { "\(noteName(n)) (\(n))" }
        // Not texts (each marked): MIDI notation in the mapping files' words (`note-on`, `cc`), the same in every language.
        switch self {
        case let .noteOn(c, n, v): return "note-on ch\(c + 1) \(note(n)) vel \(v)" // not a text: MIDI notation
        case let .noteOff(c, n, v): return "note-off ch\(c + 1) \(note(n)) vel \(v)" // not a text: MIDI notation
        case let .pitchBend(c, v): return "pitch-bend ch\(c + 1) \(v)" // not a text: MIDI notation
        case let .controlChange(c, cc, v): return "cc ch\(c + 1) #\(cc) = \(v)" // not a text: MIDI notation
        case let .programChange(c, p): return "program ch\(c + 1) \(p)" // not a text: MIDI notation
        case let .channelPressure(c, p): return "channel-pressure ch\(c + 1) \(p)" // not a text: MIDI notation
        case let .polyPressure(c, n, p): return "poly-pressure ch\(c + 1) \(note(n)) \(p)" // not a text: MIDI notation
        }
    }
}

func noteName(_ note: UInt8) -> String {
    let names = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]
    return "\(names[Int(note) % 12])\(Int(note) / 12 - 1)"
}
