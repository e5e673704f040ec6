import PeachUdev
import Testing

@Suite("Sound card uevents")
struct SoundCardEventTests {
    @Test("udevd's change of the card with SOUND_INITIALIZED makes it ready, with its identity")
    func ready() {
        let event = SoundCardEvent(
            action: "change", sysname: "card1",
            properties: ["SOUND_INITIALIZED": "1", "ID_PATH": "platform-dummy_hcd.0-usb-0:1:1.0", "ID_MODEL": "VMTest_Keys"],
            attributes: ["id": "Keys"])
        #expect(event == .ready(SoundCard(number: 1, id: "Keys", model: "VMTest_Keys",
                                          path: "platform-dummy_hcd.0-usb-0:1:1.0")))
    }

    @Test("the card's removal counts; its PCM, MIDI and control nodes and add events do not")
    func removal() {
        #expect(SoundCardEvent(action: "remove", sysname: "card0", properties: [:]) == .removed(SoundCard(number: 0)))
        #expect(SoundCardEvent(action: "remove", sysname: "pcmC0D0p", properties: [:]) == nil)
        #expect(SoundCardEvent(action: "remove", sysname: "controlC0", properties: [:]) == nil)
        #expect(SoundCardEvent(action: "add", sysname: "card0", properties: [:]) == nil)
        #expect(SoundCardEvent(action: "change", sysname: "cardinal", properties: [:]) == nil)
    }

    @Test("a replugged card is the same device by path, else by ALSA id, whatever its number")
    func sameDevice() {
        let before = SoundCard(number: 1, id: "Device", path: "pci-0000:00:14.0-usb-0:1:1.0")
        #expect(before.isSameDevice(as: SoundCard(number: 2, id: "Device_1", path: "pci-0000:00:14.0-usb-0:1:1.0")))
        #expect(!before.isSameDevice(as: SoundCard(number: 1, id: "Device", path: "pci-0000:00:14.0-usb-0:2:1.0")))
        #expect(SoundCard(number: 0, id: "Loopback").isSameDevice(as: SoundCard(number: 3, id: "Loopback")))
        #expect(!SoundCard(number: 0).isSameDevice(as: SoundCard(number: 1)))
    }
}
