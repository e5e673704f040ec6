import Foundation

/// What the box offers the settings page to choose from, as the box sees it: its audio outputs, the
/// SoundFonts it finds with their presets, and its controller mappings. `peach run` writes it beside
/// the history (`settings-choices.json`) when it starts and when its audio outputs change; the
/// dashboard, which has no sound or MIDI of its own, reads it. A form can choose only from it, so
/// nothing the form sends reaches a device, a file or a mapping the box did not list.
public struct SettingsChoices: Codable, Hashable, Sendable {
    public static let fileName = "settings-choices.json"

    public struct AudioOutput: Codable, Hashable, Sendable {
        /// The ALSA name the box opens it by (`default`, `hw:1,0`).
        public var name: String
        /// The card and device as ALSA names them (empty for `default`).
        public var description: String

        public init(name: String, description: String) {
            self.name = name
            self.description = description
        }
    }

    public struct Preset: Codable, Hashable, Sendable {
        /// `BANK:PROGRAM`.
        public var preset: String
        public var name: String

        public init(preset: String, name: String) {
            self.preset = preset
            self.name = name
        }
    }

    public struct SoundFont: Codable, Hashable, Sendable {
        /// The absolute path of the file.
        public var path: String
        public var presets: [Preset]

        public init(path: String, presets: [Preset]) {
            self.path = path
            self.presets = presets
        }
    }

    public var audioOutputs: [AudioOutput]
    public var soundFonts: [SoundFont]
    /// Peach's own SoundFont among them (what `sound.soundfont` unset plays).
    public var ownSoundFont: String?
    /// The names a `controllers.assign` entry may use.
    public var mappings: [String]

    public init(audioOutputs: [AudioOutput] = [], soundFonts: [SoundFont] = [], ownSoundFont: String? = nil, mappings: [String] = []) {
        self.audioOutputs = audioOutputs
        self.soundFonts = soundFonts
        self.ownSoundFont = ownSoundFont
        self.mappings = mappings
    }

    /// The file in the data directory `directory`.
    public static func file(in directory: URL) -> URL { directory.appendingPathComponent(fileName) }

    /// The choices the box last wrote in `directory`, or nil when it has written none (or they do not read).
    public static func read(from directory: URL) -> SettingsChoices? {
        guard let data = try? Data(contentsOf: file(in: directory)) else { return nil }
        return try? JSONDecoder().decode(SettingsChoices.self, from: data)
    }

    /// Writes the choices atomically (a temporary file renamed over the old one).
    public func write(to directory: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(self).write(to: Self.file(in: directory), options: .atomic)
    }
}

/// The settings page's "play a note" button: the dashboard leaves the audio output's name in
/// `test-note` beside the history; the box takes it (reads and removes it), checks it against the
/// outputs it listed, and plays a note there.
public enum TestNoteRequest {
    public static let fileName = "test-note"

    public static func file(in directory: URL) -> URL { directory.appendingPathComponent(fileName) }

    /// Asks the box to play a note on `output`.
    public static func send(output: String, to directory: URL) throws {
        try Data((output + "\n").utf8).write(to: file(in: directory), options: .atomic)
    }

    /// The audio output asked for, once: the request is removed as it is read.
    public static func take(from directory: URL) -> String? {
        let url = file(in: directory)
        guard let data = try? Data(contentsOf: url) else { return nil }
        try? FileManager.default.removeItem(at: url)
        let name = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return name.isEmpty ? nil : name
    }
}
