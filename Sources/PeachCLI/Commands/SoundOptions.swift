import ArgumentParser
import Foundation
import Logging
import PeachDomain
import PeachSound

/// `--sound` and `--preset`: which SoundFont and preset to play, and their calibration.
struct SoundOptions: ParsableArguments {
    @Option(name: .customLong("sound"), help: ArgumentHelp(
        "A SoundFont file (default: Peach's own, SoundFonts/peach.sf2).", valueName: "file.sf2"))
    var soundFont: String?

    @Option(help: ArgumentHelp("The preset as BANK:PROGRAM (default 0:0, Peach's Sine).", valueName: "bank:program"))
    var preset: String = "0:0"

    func soundFontPath() throws -> String {
        do {
            return try SoundFontLocator().locate(explicit: soundFont)
        } catch {
            throw CommandFailure(error.description)
        }
    }

    func selectedPreset() throws -> SoundFontPreset {
        do {
            return try SoundFontPreset(parsing: preset)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The preset's per-key calibration: from the cache, or measured now (saying so) and cached.
    /// An unstable preset is reported, not refused.
    func calibration(path: String, preset: SoundFontPreset) throws -> KeyCalibration {
        let cache = CalibrationCache()
        do {
            if cache.cached(soundFont: path, preset: preset) == nil {
                FileHandle.standardError.write(Data(
                    "Measuring the pitch of every key of \(path) preset \(preset) (once; kept in \(cache.directory.path))…\n".utf8))
            }
            let calibration = try cache.calibration(soundFont: path, preset: preset, logger: Logger(label: "peach.sound")).calibration
            if !calibration.isStable {
                let unstable = calibration.unstableKeys
                let keys = unstable.count > 8
                    ? "\(unstable.count) of its \(KeyCalibration.keys.count) keys (MIDI \(unstable.first!)–\(unstable.last!))"
                    : "keys " + unstable.map { MIDINote($0).name }.joined(separator: " ")
                FileHandle.standardError.write(Data("""
                    Warning: preset \(preset) of \(path) does not hold a steady pitch (vibrato or detuned layers) on \
                    \(keys); its pitch is not guaranteed to 0.1 cent. Choose a single-layer preset for training.

                    """.utf8))
            }
            return calibration
        } catch {
            throw CommandFailure(error.description)
        }
    }
}
