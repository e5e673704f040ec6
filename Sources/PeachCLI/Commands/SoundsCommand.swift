import ArgumentParser
import Foundation
import PeachSound

struct SoundsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sounds",
        abstract: "List the presets of a SoundFont (default: Peach's own) as BANK:PROGRAM and name.")

    @Argument(help: ArgumentHelp("A SoundFont file.", valueName: "file.sf2"))
    var soundFont: String?

    func run() throws {
        do {
            let path = try SoundFontLocator().locate(explicit: soundFont)
            let presets = try SoundFontCatalog.presets(in: path)
            print("\(path): \(presets.count) presets (use with --sound FILE --preset BANK:PROGRAM)")
            for info in presets {
                print("  \(String(describing: info.preset).padding(toLength: 9, withPad: " ", startingAt: 0)) \(info.name)")
            }
        } catch {
            throw CommandFailure(error.description)
        }
    }
}
