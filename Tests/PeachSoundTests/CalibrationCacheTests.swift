import Foundation
import Testing
@testable import PeachSound

/// The cache gives back exactly what was measured, and nothing else: an edited or implausible value
/// would move every note's pitch while the box reports it exact.
@Suite struct CalibrationCacheTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("peach-calibration-\(UUID())")
    let preset = SoundFontPreset(bank: 0, program: 0)

    /// A stand-in SoundFont file: the cache knows a file by its path, size and time, not its contents.
    func soundFont() throws -> String {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("sound.sf2").path
        try Data("RIFF".utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func measured() -> NoteCalibration {
        var cents: [Double?] = NoteCalibration.keys.map { Double($0 - 64) * 0.0137 }
        cents[3] = nil
        return NoteCalibration(cents: cents, unstableKeys: [30, 31])
    }

    /// Stores `calibration`, then edits the stored file's JSON object, as a person with an editor could.
    func stored(_ calibration: NoteCalibration, edit: (inout [String: Any]) -> Void = { _ in }) throws -> (CalibrationCache, String) {
        let cache = CalibrationCache(directory: directory.appendingPathComponent("cache"))
        let path = try soundFont()
        try cache.store(calibration, soundFont: path, preset: preset)
        let file = cache.file(for: CalibrationCache.identity(soundFont: path, preset: preset))
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        edit(&object)
        try JSONSerialization.data(withJSONObject: object).write(to: file)
        return (cache, path)
    }

    /// Edits the stored calibration (`cents`, `unstableKeys`) inside the file's object.
    static func editCalibration(_ edit: @escaping (inout [String: Any]) -> Void) -> (inout [String: Any]) -> Void {
        { object in
            var calibration = object["calibration"] as? [String: Any] ?? [:]
            edit(&calibration)
            object["calibration"] = calibration
        }
    }

    /// Also through a rewrite of the file that changes nothing: the check is of the values, not the text.
    @Test func givesBackWhatWasMeasured() throws {
        let (cache, path) = try stored(measured())
        #expect(cache.cached(soundFont: path, preset: preset) == measured())
        #expect(cache.cached(soundFont: path, preset: SoundFontPreset(bank: 0, program: 1)) == nil)
    }

    @Test func anEditedValueIsMeasuredAgain() throws {
        let (cache, path) = try stored(measured(), edit: Self.editCalibration { calibration in
            var cents = calibration["cents"] as? [Any] ?? []
            cents[0] = -32.5
            calibration["cents"] = cents
        })
        #expect(cache.cached(soundFont: path, preset: preset) == nil)
    }

    @Test func anEditedUnstableKeyIsMeasuredAgain() throws {
        let (cache, path) = try stored(measured(), edit: Self.editCalibration { $0["unstableKeys"] = [30] })
        #expect(cache.cached(soundFont: path, preset: preset) == nil)
    }

    @Test func aMissingChecksumIsMeasuredAgain() throws {
        let (cache, path) = try stored(measured()) { $0["checksum"] = nil }
        #expect(cache.cached(soundFont: path, preset: preset) == nil)
    }

    /// Even a consistent file (the checksum recomputed) is refused when no measurement could give it.
    @Test func anImplausibleValueIsMeasuredAgain() throws {
        var calibration = measured()
        calibration.cents[10] = 250
        let (cache, path) = try stored(calibration)
        #expect(cache.cached(soundFont: path, preset: preset) == nil)
        calibration.cents[10] = 99.9
        let (again, samePath) = try stored(calibration)
        #expect(again.cached(soundFont: samePath, preset: preset) == calibration)
    }
}
