import PeachDomain
import Testing
@testable import PeachMIDI

@Suite("One identity per controller")
struct ControllerIdentityTests {
    static func controller(_ name: String, _ port: String, client: Int, instance: Int = 0) -> Controller {
        Controller(clientName: name, portName: port, address: SequencerAddress(client: client, port: 0),
                   mapping: ControllerMapping(name: "Generic", file: "generic.yaml", match: []), instance: instance)
    }

    @Test("identical keyboards get instances 0, 1, …; a port of another name, or another device, starts at 0")
    func instances() {
        let first = Self.controller("Keystation 49", "Keystation 49 MIDI 1", client: 20)
        #expect(Controller.freeInstance(clientName: "Keystation 49", portName: "Keystation 49 MIDI 1", among: []) == 0)
        #expect(Controller.freeInstance(clientName: "Keystation 49", portName: "Keystation 49 MIDI 1", among: [first]) == 1)
        #expect(Controller.freeInstance(clientName: "Keystation 49", portName: "Keystation 49 MIDI 2", among: [first]) == 0)
        let second = Self.controller("Keystation 49", "Keystation 49 MIDI 1", client: 24, instance: 1)
        #expect(first.identity != second.identity, "twins are two controllers")
        // The first is unplugged: a replug fills its place, so the lone survivor stays itself.
        #expect(Controller.freeInstance(clientName: "Keystation 49", portName: "Keystation 49 MIDI 1", among: [second]) == 0)
    }

    @Test("a replugged device is recognised by name: the same identity at a new address")
    func replug() {
        let before = Self.controller("nanoKEY2", "nanoKEY2 KEYBOARD", client: 20)
        let after = Self.controller("nanoKEY2", "nanoKEY2 KEYBOARD", client: 28)
        #expect(before.identity == after.identity)
    }
}
