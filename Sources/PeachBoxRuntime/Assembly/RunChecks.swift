import Foundation
import PeachOptions
import PeachConfig
import PeachSound
import PeachText

/// What `peach run` checks before it trains, in one place, so that `peach config --check` runs the
/// same checks and a configuration it passes does not stop the box (and restart-loop the service).
public enum RunChecks {
    /// Problems of the configuration itself (mapping assignments, device names), as `FILE:LINE: …` lines.
    public static func configurationProblems(_ configuration: PracticeConfiguration,
                                      origins: ConfigurationReader.Origins) -> [String] {
        var problems = configuration.unknownAssignments(in: configuration.mappingLibrary, origins: origins)
        let device = configuration.audio.device
        if !isWellFormedDevice(device) {
            let origin = origins["audio.device"] ?? CommandLineTexts.current.text(.checkOriginConfiguration)
            problems.append(CommandLineTexts.current.text(.checkDeviceName, origin, device))
        }
        return problems
    }

    /// An ALSA PCM name: no spaces or control characters; after a colon, comma-separated arguments.
    static func isWellFormedDevice(_ name: String) -> Bool {
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F }) else { return false }
        guard let colon = name.firstIndex(of: ":") else { return true }
        let arguments = name[name.index(after: colon)...]
        return !name[..<colon].isEmpty && !arguments.isEmpty
            && arguments.split(separator: ",", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty }
    }

    /// The configured sound, loaded as `run` loads it: the SoundFont found and read, the preset
    /// present and measured, an engine built.
    @MainActor
    public static func sound(_ configuration: PracticeConfiguration,
                      origins: ConfigurationReader.Origins) throws -> (selection: SoundSelection, engine: SoundEngine) {
        let origin = origins["sound.soundfont"] ?? origins["sound.preset"] ?? CommandLineTexts.current.text(.checkOriginConfiguration)
        do {
            let selection = try SoundSelection.resolve(
                soundFont: configuration.sound.soundFont,
                preset: SoundFontPreset(bank: configuration.sound.bank, program: configuration.sound.program))
            let engine = try SoundEngine(soundFont: selection.path, preset: selection.preset,
                                         calibration: selection.calibration)
            return (selection, engine)
        } catch {
            throw CommandFailure("\(origin): sound: \(CommandLineTexts.current.describe(error))")
        }
    }
}
