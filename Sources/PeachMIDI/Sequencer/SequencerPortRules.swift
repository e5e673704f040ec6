/// What the sequencer tells about a port, as far as the auto-connect rule needs it.
public struct SequencerPortInfo: Hashable, Sendable {
    public var address: SequencerAddress
    public var clientName: String
    public var portName: String
    /// SND_SEQ_PORT_CAP_* bits.
    public var capability: UInt32
    /// SND_SEQ_PORT_TYPE_* bits.
    public var type: UInt32

    public init(address: SequencerAddress, clientName: String, portName: String, capability: UInt32, type: UInt32) {
        self.address = address
        self.clientName = clientName
        self.portName = portName
        self.capability = capability
        self.type = type
    }
}

/// Which ports Peach connects by itself (DESIGN.md): MIDI sources other programs may subscribe to —
/// readable and subscribable, MIDI_GENERIC, not NO_EXPORT — except the system client, the kernel's
/// "Midi Through" loop, Peach's own ports, and the USB gadget MIDI function (`f_midi`: this machine
/// acting as a USB MIDI device, the far end of a cable, never a controller plugged into it).
public enum SequencerPortRules {
    // The values of alsa/seq.h, kept here so that the rule is testable without the library.
    public static let capabilityRead: UInt32 = 1 << 0
    public static let capabilityWrite: UInt32 = 1 << 1
    public static let capabilitySubscribeRead: UInt32 = 1 << 5
    public static let capabilitySubscribeWrite: UInt32 = 1 << 6
    public static let capabilityNoExport: UInt32 = 1 << 7
    public static let typeMIDIGeneric: UInt32 = 1 << 1

    public static func isControllerSource(_ port: SequencerPortInfo, ownClient: Int) -> Bool {
        let readable = capabilityRead | capabilitySubscribeRead
        return port.capability & readable == readable
            && port.capability & capabilityNoExport == 0
            && port.type & typeMIDIGeneric != 0
            && port.address.client != 0
            && port.address.client != ownClient
            // not a text: the ALSA client name
            && !port.clientName.hasPrefix("Midi Through")
            && port.clientName != "f_midi"
    }

    /// A port of a controller that can take feedback messages (LEDs). It must accept a subscription:
    /// a hardware port opens its MIDI output only while subscribed (a direct send to an unsubscribed
    /// USB port fails with ENODEV).
    public static func acceptsFeedback(_ port: SequencerPortInfo) -> Bool {
        let writable = capabilityWrite | capabilitySubscribeWrite
        return port.capability & writable == writable && port.capability & capabilityNoExport == 0
    }
}
