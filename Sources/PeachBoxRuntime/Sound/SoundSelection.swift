import Foundation
import Logging
import PeachOptions
import PeachDomain
import PeachSound
import PeachText

/// The SoundFont, preset and per-key calibration a command plays with: Peach's own sound unless a
/// file is named. Measures (once, then cached) a preset it has not seen, and warns about a preset
/// whose pitch is not steady instead of pretending it is exact.
public struct SoundSelection: Sendable {
    public let path: String
    public let preset: SoundFontPreset
    public let calibration: NoteCalibration

    public static func resolve(soundFont: String?, preset: SoundFontPreset,
                        logger: Logger = Logger(label: "peach.sound")) throws -> SoundSelection {
        let path: String
        do {
            path = try SoundFontLocator().locate(explicit: soundFont)
        } catch {
            throw CommandFailure(CommandLineTexts.current.describe(error))
        }
        let cache = CalibrationCache()
        do {
            let calibration = try cache.calibration(soundFont: path, preset: preset, logger: logger,
                                                    texts: CommandLineTexts.current) {
                let measuring = CommandLineTexts.current.text(.soundMeasuring, path, "\(preset)", cache.directory.path)
                FileHandle.standardError.write(Data((measuring + "\n").utf8))
            }.calibration
            if !calibration.isStable {
                FileHandle.standardError.write(Data(Self.unstableWarning(calibration, path: path, preset: preset).utf8))
            }
            return SoundSelection(path: path, preset: preset, calibration: calibration)
        } catch {
            throw CommandFailure(CommandLineTexts.current.describe(error))
        }
    }

    static func unstableWarning(_ calibration: NoteCalibration, path: String, preset: SoundFontPreset,
                                texts: Texts = CommandLineTexts.current) -> String {
        let unstable = calibration.unstableKeys
        let keys = unstable.count > 8
            ? texts.text(.soundUnstableManyKeys, unstable.count, NoteCalibration.keys.count, unstable.min() ?? 0, unstable.max() ?? 127)
            : texts.text(.soundUnstableKeys, unstable.map { MIDINote(validating: $0).map { texts.name($0) } ?? "\($0)" }.joined(separator: " "))
        return texts.text(.soundUnstableWarning, "\(preset)", path, keys) + "\n\n"
    }
}
