import CAlsa
import Testing
@testable import PeachMIDI

@Suite("Decoding sequencer events")
struct MIDIMessageDecodingTests {
    func noteEvent(_ type: snd_seq_event_type, channel: UInt8, note: UInt8, velocity: UInt8) -> snd_seq_event_t {
        var event = snd_seq_event_t()
        event.type = snd_seq_event_type_t(type.rawValue)
        event.data.note = snd_seq_ev_note_t(channel: channel, note: note, velocity: velocity, off_velocity: 0, duration: 0)
        return event
    }

    func controlEvent(_ type: snd_seq_event_type, channel: UInt8, param: UInt32 = 0, value: Int32) -> snd_seq_event_t {
        var event = snd_seq_event_t()
        event.type = snd_seq_event_type_t(type.rawValue)
        var control = snd_seq_ev_ctrl_t()
        control.channel = channel
        control.param = param
        control.value = value
        event.data.control = control
        return event
    }

    @Test("note on, note off, and a note on with velocity 0 is a note off")
    func notes() {
        #expect(MIDIMessage(sequencerEvent: noteEvent(SND_SEQ_EVENT_NOTEON, channel: 0, note: 60, velocity: 100))
                == .noteOn(channel: 0, note: 60, velocity: 100))
        #expect(MIDIMessage(sequencerEvent: noteEvent(SND_SEQ_EVENT_NOTEOFF, channel: 9, note: 36, velocity: 64))
                == .noteOff(channel: 9, note: 36, velocity: 64))
        #expect(MIDIMessage(sequencerEvent: noteEvent(SND_SEQ_EVENT_NOTEON, channel: 3, note: 72, velocity: 0))
                == .noteOff(channel: 3, note: 72, velocity: 0))
    }

    @Test("pitch bend keeps its sign and full range −8192…8191", arguments: [-8192, -1, 0, 1, 2048, 8191])
    func pitchBend(value: Int32) {
        #expect(MIDIMessage(sequencerEvent: controlEvent(SND_SEQ_EVENT_PITCHBEND, channel: 1, value: value))
                == .pitchBend(channel: 1, value: Int16(value)))
    }

    @Test("a pitch bend outside the range from a misbehaving client is clamped, not trapped")
    func pitchBendClamped() {
        #expect(MIDIMessage(sequencerEvent: controlEvent(SND_SEQ_EVENT_PITCHBEND, channel: 0, value: 100_000))
                == .pitchBend(channel: 0, value: 8191))
        #expect(MIDIMessage(sequencerEvent: controlEvent(SND_SEQ_EVENT_PITCHBEND, channel: 0, value: -100_000))
                == .pitchBend(channel: 0, value: -8192))
    }

    @Test("controller change, program change, pressure")
    func controls() {
        #expect(MIDIMessage(sequencerEvent: controlEvent(SND_SEQ_EVENT_CONTROLLER, channel: 0, param: 7, value: 90))
                == .controlChange(channel: 0, controller: 7, value: 90))
        #expect(MIDIMessage(sequencerEvent: controlEvent(SND_SEQ_EVENT_PGMCHANGE, channel: 15, value: 3))
                == .programChange(channel: 15, program: 3))
        #expect(MIDIMessage(sequencerEvent: controlEvent(SND_SEQ_EVENT_CHANPRESS, channel: 2, value: 77))
                == .channelPressure(channel: 2, pressure: 77))
        #expect(MIDIMessage(sequencerEvent: noteEvent(SND_SEQ_EVENT_KEYPRESS, channel: 2, note: 61, velocity: 5))
                == .polyPressure(channel: 2, note: 61, pressure: 5))
        // A controller number beyond 127 (the sequencer's 14-bit/NRPN events) is no channel message.
        #expect(MIDIMessage(sequencerEvent: controlEvent(SND_SEQ_EVENT_CONTROLLER, channel: 0, param: 300, value: 1)) == nil)
    }

    @Test("announcements and clock are not channel messages")
    func others() {
        var event = snd_seq_event_t()
        event.type = snd_seq_event_type_t(SND_SEQ_EVENT_PORT_START.rawValue)
        #expect(MIDIMessage(sequencerEvent: event) == nil)
        event.type = snd_seq_event_type_t(SND_SEQ_EVENT_CLOCK.rawValue)
        #expect(MIDIMessage(sequencerEvent: event) == nil)
    }

    @Test("encoding for sending and decoding again gives the same message", arguments: [
        MIDIMessage.noteOn(channel: 9, note: 40, velocity: 127), .noteOff(channel: 0, note: 1, velocity: 0),
        .controlChange(channel: 4, controller: 20, value: 127), .programChange(channel: 0, program: 5),
        .pitchBend(channel: 0, value: -8192), .channelPressure(channel: 1, pressure: 2),
    ])
    func roundTrip(message: MIDIMessage) {
        let event = message.sequencerEvent(from: SequencerAddress(client: 128, port: 1), to: SequencerAddress(client: 24, port: 0))
        #expect(MIDIMessage(sequencerEvent: event) == message)
        #expect(event.dest.client == 24 && event.source.port == 1)
        #expect(event.queue == UInt8(SND_SEQ_QUEUE_DIRECT))
    }

    @Test("raw bytes as device manuals write them")
    func bytes() {
        #expect(MIDIMessage.noteOn(channel: 9, note: 0x24, velocity: 0x7F).bytes == [0x99, 0x24, 0x7F])
        #expect(MIDIMessage.pitchBend(channel: 0, value: 2048).bytes == [0xE0, 0x00, 0x50])
        #expect(MIDIMessage.pitchBend(channel: 0, value: -8192).bytes == [0xE0, 0x00, 0x00])
        #expect(MIDIMessage.controlChange(channel: 0, controller: 7, value: 90).description == "cc ch1 #7 = 90")
    }
}

@Suite("Auto-connect rule")
struct SequencerPortRulesTests {
    typealias R = SequencerPortRules
    func port(client: Int = 24, name: String = "VMTest Keys", capability: UInt32 = R.capabilityRead | R.capabilitySubscribeRead | R.capabilityWrite,
              type: UInt32 = R.typeMIDIGeneric) -> SequencerPortInfo {
        SequencerPortInfo(address: SequencerAddress(client: client, port: 0), clientName: name, portName: "\(name) MIDI 1",
                          capability: capability, type: type)
    }

    @Test("a readable, subscribable MIDI port of another client is connected")
    func connects() { #expect(R.isControllerSource(port(), ownClient: 128)) }

    @Test("system, Midi Through, our own, unexported, write-only and non-MIDI ports are not")
    func refuses() {
        #expect(!R.isControllerSource(port(client: 0, name: "System"), ownClient: 128))
        #expect(!R.isControllerSource(port(client: 14, name: "Midi Through"), ownClient: 128))
        #expect(!R.isControllerSource(port(client: 20, name: "f_midi"), ownClient: 128))   // a USB gadget's own side
        #expect(!R.isControllerSource(port(client: 128, name: "Peach"), ownClient: 128))
        #expect(!R.isControllerSource(port(capability: R.capabilityRead | R.capabilitySubscribeRead | R.capabilityNoExport), ownClient: 128))
        #expect(!R.isControllerSource(port(capability: R.capabilityWrite | R.capabilitySubscribeWrite), ownClient: 128))
        #expect(!R.isControllerSource(port(capability: R.capabilityRead), ownClient: 128))
        #expect(!R.isControllerSource(port(type: 0), ownClient: 128))
    }

    @Test("the rule's bits are alsa/seq.h's")
    func bitsMatchHeader() {
        #expect(R.capabilityRead == UInt32(SND_SEQ_PORT_CAP_READ))
        #expect(R.capabilityWrite == UInt32(SND_SEQ_PORT_CAP_WRITE))
        #expect(R.capabilitySubscribeRead == UInt32(SND_SEQ_PORT_CAP_SUBS_READ))
        #expect(R.capabilitySubscribeWrite == UInt32(SND_SEQ_PORT_CAP_SUBS_WRITE))
        #expect(R.capabilityNoExport == UInt32(SND_SEQ_PORT_CAP_NO_EXPORT))
        #expect(R.typeMIDIGeneric == UInt32(SND_SEQ_PORT_TYPE_MIDI_GENERIC))
    }
}
