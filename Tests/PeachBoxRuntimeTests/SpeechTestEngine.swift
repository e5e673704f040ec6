import Foundation
import PeachSound

/// The sound engine the speech tests play through: Peach's own SoundFont, calibrated once per test
/// process (the cache is shared by every test that calls this).
enum SpeechTestEngine {
    @MainActor
    static func make() throws -> SoundEngine {
        let path = try SoundFontLocator(executable: URL(fileURLWithPath: CommandLine.arguments[0])).locate()
        let cache = CalibrationCache(directory: FileManager.default.temporaryDirectory
            .appendingPathComponent("peach-speech-tests-\(ProcessInfo.processInfo.processIdentifier)"))
        let calibration = try cache.calibration(soundFont: path, preset: .standard).calibration
        return try SoundEngine(soundFont: path, preset: .standard, calibration: calibration)
    }
}
