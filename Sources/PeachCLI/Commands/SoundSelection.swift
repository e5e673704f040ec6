import Foundation
import Logging
import PeachDomain
import PeachSound

/// The SoundFont, preset and per-key calibration a command plays with: Peach's own sound unless a
/// file is named. Measures (once, then cached) a preset it has not seen, and warns about a preset
/// whose pitch is not steady instead of pretending it is exact.
struct SoundSelection {
    let path: String
    let preset: SoundFontPreset
    let calibration: KeyCalibration

    static func resolve(soundFont: String?, preset: SoundFontPreset,
                        logger: Logger = Logger(label: "peach.sound")) throws -> SoundSelection {
        let path: String
        do {
            path = try SoundFontLocator().locate(explicit: soundFont)
        } catch {
            throw CommandFailure(error.description)
        }
        let cache = CalibrationCache()
        do {
            if cache.cached(soundFont: path, preset: preset) == nil {
                FileHandle.standardError.write(Data(
                    "Measuring the pitch of every key of \(path) preset \(preset) (once; kept in \(cache.directory.path))…\n".utf8))
            }
            let calibration = try cache.calibration(soundFont: path, preset: preset, logger: logger).calibration
            if !calibration.isStable {
                FileHandle.standardError.write(Data(Self.unstableWarning(calibration, path: path, preset: preset).utf8))
            }
            return SoundSelection(path: path, preset: preset, calibration: calibration)
        } catch {
            throw CommandFailure(error.description)
        }
    }

    static func unstableWarning(_ calibration: KeyCalibration, path: String, preset: SoundFontPreset) -> String {
        let unstable = calibration.unstableKeys
        let keys = unstable.count > 8
            ? "\(unstable.count) of its \(KeyCalibration.keys.count) keys (MIDI \(unstable.min() ?? 0)–\(unstable.max() ?? 127))"
            : "keys " + unstable.map { MIDINote(validating: $0)?.name ?? "\($0)" }.joined(separator: " ")
        return """
            Warning: preset \(preset) of \(path) does not hold a steady pitch (vibrato or detuned layers) on \
            \(keys); its pitch is not guaranteed to 0.1 cent. Choose a single-layer preset for training.

            """
    }
}
