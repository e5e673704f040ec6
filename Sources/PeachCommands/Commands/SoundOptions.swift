import ArgumentParser
import Foundation
import Logging
import PeachOptions
import PeachBoxRuntime
import PeachDomain
import PeachSound
import PeachText

/// `--sound` and `--preset`: which SoundFont and preset to play, and their calibration.
struct SoundOptions: ParsableArguments {
    @Option(name: .customLong("sound"), help: ArgumentHelp(
        CommandLineTexts.current.text(.helpOptionSoundFont), valueName: CommandLineTexts.current.text(.valueSoundFontFile)))
    var soundFont: String?

    @Option(help: ArgumentHelp(CommandLineTexts.current.text(.helpOptionPreset), valueName: CommandLineTexts.current.text(.valuePreset)))
    var preset: String = "0:0"

    /// Refused while parsing, so the usage shown is the command's, not the root's.
    func validate() throws { _ = try selectedPreset() }

    func selectedPreset() throws -> SoundFontPreset {
        do {
            return try SoundFontPreset(parsing: preset)
        } catch {
            throw ValidationError(CommandLineTexts.current.describe(error))
        }
    }

    /// The chosen SoundFont, preset and calibration (measured once and cached; an unstable preset
    /// is reported, not refused).
    func selection() throws -> SoundSelection {
        try SoundSelection.resolve(soundFont: soundFont, preset: try selectedPreset())
    }
}
