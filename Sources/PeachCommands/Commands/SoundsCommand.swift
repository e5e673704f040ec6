import ArgumentParser
import Foundation
import PeachOptions
import PeachSound
import PeachText

struct SoundsCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "sounds",
            abstract: CommandLineTexts.current.text(.helpSoundsAbstract))
    }

    @Argument(help: ArgumentHelp(CommandLineTexts.current.text(.helpSoundsSoundFont), valueName: CommandLineTexts.current.text(.valueSoundFontFile)))
    var soundFont: String?

    func run() throws {
        do {
            let path = try SoundFontLocator().locate(explicit: soundFont)
            let presets = try SoundFontCatalog.presets(in: path)
            print(CommandLineTexts.current.text(.soundsPresets, path, presets.count))
            for info in presets {
                print("  \(String(describing: info.preset).padding(toLength: 9, withPad: " ", startingAt: 0)) \(info.name)")
            }
        } catch {
            throw CommandFailure(CommandLineTexts.current.describe(error))
        }
    }
}
