import ArgumentParser
import PeachMIDI

struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List MIDI inputs (with the mapping each would use) and audio outputs.")

    @OptionGroup var mappings: MappingOptions

    func run() throws {
        let library = mappings.library()
        print("MIDI inputs (ALSA sequencer):")
        do {
            let (ports, own) = try SequencerClient.listPorts()
            let sources = ports.filter { SequencerPortRules.isControllerSource($0, ownClient: own) && !$0.clientName.hasPrefix("Peach") }
            if sources.isEmpty { print("  none: plug in a USB MIDI controller") }
            for port in sources {
                let mapping = library.mapping(clientName: port.clientName, portName: port.portName)
                print("  \(port.address.description.padding(toLength: 7, withPad: " ", startingAt: 0)) \(port.clientName) / \(port.portName)")
                print("          mapping: \(mapping.name) (\(mapping.file))")
            }
        } catch {
            print("  none: \(error)")
        }
        print("Audio outputs (ALSA PCM):")
        do {
            let outputs = try AudioOutputList.outputs()
            if outputs.isEmpty { print("  none: no sound card with a playback device") }
            for output in outputs { print("  \(output)") }
        } catch {
            print("  none: \(error)")
        }
        for problem in library.problems {
            print("warning: mapping file left out:\n\(problem)")
        }
    }
}
