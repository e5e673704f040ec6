import ArgumentParser
import PeachOptions
import PeachMIDI
import PeachText

struct DevicesCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "devices",
            abstract: CommandLineTexts.current.text(.helpDevicesAbstract))
    }

    @OptionGroup var mappings: MappingOptions

    func run() throws {
        let library = mappings.library()
        let texts = CommandLineTexts.current
        print(texts.text(.devicesMIDIHeading))
        do {
            let (ports, own) = try SequencerClient.listPorts()
            let sources = ports.filter { SequencerPortRules.isControllerSource($0, ownClient: own) && !$0.clientName.hasPrefix("Peach") }
            if sources.isEmpty { print(texts.text(.devicesNoMIDIInput)) }
            for port in sources {
                let mapping = library.mapping(clientName: port.clientName, portName: port.portName)
                print("  \(port.address.description.padding(toLength: 7, withPad: " ", startingAt: 0)) \(port.clientName) / \(port.portName)")
                print(texts.text(.devicesMapping, mapping.name, mapping.file))
            }
        } catch {
            print(texts.text(.devicesNone, texts.describe(error)))
        }
        print(texts.text(.devicesAudioHeading))
        do {
            let outputs = try PlaybackDevice.all()
            if outputs.isEmpty { print(texts.text(.devicesNoAudioOutput)) }
            for output in outputs { print("  \(output)") }
        } catch {
            print(texts.text(.devicesNone, texts.describe(error)))
        }
        for problem in library.problems {
            print(texts.text(.devicesMappingLeftOut, texts.describe(problem.errors)))
        }
    }
}
