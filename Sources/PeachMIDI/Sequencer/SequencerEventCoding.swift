import CAlsa

extension MIDIMessage {
    /// Decodes a channel event; nil for every other kind (clock, sysex, announcements…), which the
    /// input thread handles or ignores itself. Out-of-range fields from a misbehaving client are
    /// clamped to their MIDI ranges rather than trusted.
    public init?(sequencerEvent event: snd_seq_event_t) {
        let type = Int32(event.type)
        switch type {
        case Int32(SND_SEQ_EVENT_NOTEON.rawValue), Int32(SND_SEQ_EVENT_NOTEOFF.rawValue),
             Int32(SND_SEQ_EVENT_KEYPRESS.rawValue):
            let note = event.data.note
            let channel = note.channel & 0x0F, key = note.note & 0x7F, velocity = note.velocity & 0x7F
            if type == Int32(SND_SEQ_EVENT_KEYPRESS.rawValue) {
                self = .polyPressure(channel: channel, note: key, pressure: velocity)
            } else if type == Int32(SND_SEQ_EVENT_NOTEON.rawValue), velocity > 0 {
                self = .noteOn(channel: channel, note: key, velocity: velocity)
            } else {
                self = .noteOff(channel: channel, note: key, velocity: velocity)
            }
        case Int32(SND_SEQ_EVENT_PITCHBEND.rawValue):
            let control = event.data.control
            let value = min(max(Int(control.value), MIDIMessage.pitchBendRange.lowerBound), MIDIMessage.pitchBendRange.upperBound)
            self = .pitchBend(channel: control.channel & 0x0F, value: Int16(value))
        case Int32(SND_SEQ_EVENT_CONTROLLER.rawValue):
            let control = event.data.control
            guard control.param < 128 else { return nil }
            self = .controlChange(channel: control.channel & 0x0F, controller: UInt8(control.param),
                                  value: UInt8(clamping: min(max(control.value, 0), 127)))
        case Int32(SND_SEQ_EVENT_PGMCHANGE.rawValue):
            let control = event.data.control
            self = .programChange(channel: control.channel & 0x0F, program: UInt8(clamping: min(max(control.value, 0), 127)))
        case Int32(SND_SEQ_EVENT_CHANPRESS.rawValue):
            let control = event.data.control
            self = .channelPressure(channel: control.channel & 0x0F, pressure: UInt8(clamping: min(max(control.value, 0), 127)))
        default:
            return nil
        }
    }

    /// The sequencer event for this message, addressed directly (no queue) from `source` to `destination`.
    public func sequencerEvent(from source: SequencerAddress, to destination: SequencerAddress) -> snd_seq_event_t {
        var event = snd_seq_event_t()
        event.queue = UInt8(SND_SEQ_QUEUE_DIRECT)
        event.source = snd_seq_addr_t(client: UInt8(truncatingIfNeeded: source.client), port: UInt8(truncatingIfNeeded: source.port))
        event.dest = snd_seq_addr_t(client: UInt8(truncatingIfNeeded: destination.client), port: UInt8(truncatingIfNeeded: destination.port))
        func note(_ type: snd_seq_event_type, _ channel: UInt8, _ key: UInt8, _ velocity: UInt8) {
            event.type = snd_seq_event_type_t(type.rawValue)
            event.data.note = snd_seq_ev_note_t(channel: channel, note: key, velocity: velocity, off_velocity: 0, duration: 0)
        }
        func control(_ type: snd_seq_event_type, _ channel: UInt8, _ param: UInt32, _ value: Int32) {
            event.type = snd_seq_event_type_t(type.rawValue)
            var control = snd_seq_ev_ctrl_t()
            control.channel = channel
            control.param = param
            control.value = value
            event.data.control = control
        }
        switch self {
        case let .noteOn(c, n, v): note(SND_SEQ_EVENT_NOTEON, c, n, v)
        case let .noteOff(c, n, v): note(SND_SEQ_EVENT_NOTEOFF, c, n, v)
        case let .polyPressure(c, n, p): note(SND_SEQ_EVENT_KEYPRESS, c, n, p)
        case let .pitchBend(c, v): control(SND_SEQ_EVENT_PITCHBEND, c, 0, Int32(v))
        case let .controlChange(c, cc, v): control(SND_SEQ_EVENT_CONTROLLER, c, UInt32(cc), Int32(v))
        case let .programChange(c, p): control(SND_SEQ_EVENT_PGMCHANGE, c, 0, Int32(p))
        case let .channelPressure(c, p): control(SND_SEQ_EVENT_CHANPRESS, c, 0, Int32(p))
        }
        return event
    }
}
