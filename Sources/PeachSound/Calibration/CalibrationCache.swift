import Foundation
import Logging
import PeachDomain
import PeachText

/// Keeps measured calibrations in `$XDG_CACHE_HOME/peach` (or `~/.cache/peach`), one JSON file per
/// SoundFont file and preset. A file is known by its path, size and modification time, so an edited
/// or replaced SoundFont is measured again. Each file carries a checksum of what was measured, so a
/// damaged or hand-edited value (which would silently move every note's pitch) is measured again too.
public struct CalibrationCache: Sendable {
    public let directory: URL
    static let formatVersion = 3

    public init(directory: URL? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let directory {
            self.directory = directory
        } else if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            self.directory = URL(fileURLWithPath: xdg).appendingPathComponent("peach")
        } else {
            let home = environment["HOME"] ?? NSHomeDirectory()
            self.directory = URL(fileURLWithPath: home).appendingPathComponent(".cache/peach")
        }
    }

    struct Entry: Codable {
        var identity: String
        var calibration: NoteCalibration
        var checksum: String

        init(identity: String, calibration: NoteCalibration) {
            self.identity = identity
            self.calibration = calibration
            self.checksum = Self.checksum(identity: identity, calibration: calibration)
        }

        static func checksum(identity: String, calibration: NoteCalibration) -> String {
            var bytes = Array(identity.utf8)
            for cents in calibration.cents {
                bytes.append(cents == nil ? 0 : 1)
                withUnsafeBytes(of: (cents ?? 0).bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
            }
            for key in calibration.unstableKeys {
                withUnsafeBytes(of: Int64(key).littleEndian) { bytes.append(contentsOf: $0) }
            }
            return String(CalibrationCache.fnv1a(bytes), radix: 16)
        }

        /// Written by this version for this file and preset, unchanged since, and a measurement could
        /// have produced it.
        func isValid(for identity: String) -> Bool {
            let keys = NoteCalibration.keys
            return self.identity == identity
                && calibration.cents.count == keys.count
                && checksum == Self.checksum(identity: identity, calibration: calibration)
                && calibration.cents.allSatisfy { ($0.map { abs($0) <= CalibrationCache.plausibleCents }) ?? true }
                && calibration.unstableKeys.allSatisfy(keys.contains)
        }
    }

    /// Tones are looked for within ±`PresetCalibrator.searchCents` and the phase refinement moves
    /// them little, so no measurement lies beyond a semitone.
    static let plausibleCents = 100.0

    static func fnv1a<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    /// What identifies a SoundFont file's contents and the preset.
    static func identity(soundFont path: String, preset: SoundFontPreset) -> String {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        let size = (attributes?[.size] as? NSNumber)?.int64Value ?? -1
        let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
        // not a text: the cache key
        return "v\(formatVersion) \(url.path) size=\(size) mtime=\(modified) preset=\(preset)"
    }

    func file(for identity: String) -> URL {
        // FNV-1a of the identity names the file; the identity inside confirms it.
        directory.appendingPathComponent("calibration-\(String(Self.fnv1a(identity.utf8), radix: 16)).json")
    }

    public func cached(soundFont path: String, preset: SoundFontPreset) -> NoteCalibration? {
        let identity = Self.identity(soundFont: path, preset: preset)
        guard let data = try? Data(contentsOf: file(for: identity)),
              let entry = try? JSONDecoder().decode(Entry.self, from: data),
              entry.isValid(for: identity) else { return nil }
        return entry.calibration
    }

    public func store(_ calibration: NoteCalibration, soundFont path: String, preset: SoundFontPreset) throws {
        let identity = Self.identity(soundFont: path, preset: preset)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(Entry(identity: identity, calibration: calibration)).write(to: file(for: identity), options: .atomic)
    }

    /// The cached calibration, or a new measurement that is then cached (a cache that cannot be
    /// written is logged and otherwise ignored). `measuring` is called when a measurement starts: the
    /// file and preset are known good by then, so nothing announces a measurement that cannot happen.
    public func calibration(soundFont path: String, preset: SoundFontPreset, logger: Logger? = nil,
                            texts: Texts = Texts(.english),
                            measuring: () -> Void = {}) throws(SoundError) -> (calibration: NoteCalibration, measured: Bool) {
        if let cached = cached(soundFont: path, preset: preset) { return (cached, false) }
        let calibration = try PresetCalibrator(soundFont: path, preset: preset).measure(starting: measuring)
        do {
            try store(calibration, soundFont: path, preset: preset)
        } catch {
            logger?.warning("\(texts.text(.soundCalibrationCacheUnwritable, directory.path, error.localizedDescription))")
        }
        return (calibration, true)
    }
}
