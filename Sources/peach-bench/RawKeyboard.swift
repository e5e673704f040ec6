import CAlsa

/// The emulated keyboard's raw MIDI port (the USB gadget's far end).
final class RawKeyboard {
    private let port: OpaquePointer

    init() {
        var handle: OpaquePointer?
        guard snd_rawmidi_open(nil, &handle, "hw:GadgetMIDI,0", 0) >= 0, let handle else {
            benchFailure("cannot open the keyboard's raw MIDI port hw:GadgetMIDI,0")
        }
        port = handle
    }

    deinit { snd_rawmidi_close(port) }

    func send(_ bytes: [UInt8]) {
        let written = bytes.withUnsafeBufferPointer { snd_rawmidi_write(port, $0.baseAddress, $0.count) }
        if written != bytes.count { print("warning: wrote \(written) of \(bytes.count) MIDI bytes") }
        snd_rawmidi_drain(port)
    }
}
