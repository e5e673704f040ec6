import Foundation
import Logging
import PeachConfig
import PeachDomain
import PeachMIDI
import PeachSound
import PeachText

/// What the box offers the settings page (`SettingsChoices`): ALSA's `default`, every playback
/// device `peach devices` lists and the output in use; the SoundFonts beside Peach's own and in
/// Debian's `/usr/share/sounds/sf2` (their presets read once, through FluidSynth, as `peach sounds`
/// reads them); and the names of the controller mappings the box has.
@MainActor
final class SettingsChoicesSource {
    nonisolated static let soundFontDirectories = ["/usr/share/sounds/sf2"]
    private let configuration: LiveConfiguration
    private let device: String
    private var soundFonts: [SettingsChoices.SoundFont]?

    /// `device`: the output the box plays on.
    init(configuration: LiveConfiguration, device: String) {
        self.configuration = configuration
        self.device = device
    }

    /// What the box offers now. The SoundFonts are read once, off the main actor (a large General
    /// MIDI SoundFont takes a moment), so that no exercise waits for them.
    func choices() async -> SettingsChoices {
        let settings = configuration.configuration
        let mappings = settings.mappingLibrary
        let own = (try? SoundFontLocator().locate()).map { URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath().path }
        if soundFonts == nil {
            let configured = settings.sound.soundFont
            soundFonts = await Task.detached { Self.listSoundFonts(own: own, configured: configured) }.value
        }
        return SettingsChoices(audioOutputs: outputs(), soundFonts: soundFonts ?? [], ownSoundFont: own,
                               mappings: (mappings.mappings + [mappings.generic]).map(\.assignedAs).uniqued())
    }

    /// The names of the audio outputs the box offers now.
    func offeredOutputs() -> [String] { outputs().map(\.name) }

    private func outputs() -> [SettingsChoices.AudioOutput] {
        var outputs = [SettingsChoices.AudioOutput(name: "default", description: "")]  // not a text: ALSA's name
        for device in (try? PlaybackDevice.all()) ?? [] {
            outputs.append(SettingsChoices.AudioOutput(name: device.alsaName, description: "\(device.cardName): \(device.deviceName)"))
        }
        for name in [device, configuration.configuration.audio.device] where !outputs.contains(where: { $0.name == name }) {
            outputs.append(SettingsChoices.AudioOutput(name: name, description: ""))
        }
        return outputs
    }

    /// The SoundFonts beside Peach's own (`own`), in Debian's directory, and the configured one,
    /// each with its presets; a file FluidSynth cannot read is left out.
    nonisolated static func listSoundFonts(own: String?, configured: String?) -> [SettingsChoices.SoundFont] {
        var paths: [String] = []
        var directories = soundFontDirectories
        if let own { directories.insert(URL(fileURLWithPath: own).deletingLastPathComponent().path, at: 0) }
        for directory in directories {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            paths += files.filter { $0.lowercased().hasSuffix(".sf2") }.sorted()
                .map { URL(fileURLWithPath: directory).appendingPathComponent($0).standardizedFileURL.resolvingSymlinksInPath().path }
        }
        if let configured { paths.append(configured) }
        return paths.uniqued().compactMap { path -> SettingsChoices.SoundFont? in
            guard let presets = try? SoundFontCatalog.presets(in: path), !presets.isEmpty else { return nil }
            return SettingsChoices.SoundFont(path: path, presets: presets.map {
                SettingsChoices.Preset(preset: $0.preset.description, name: $0.name)
            })
        }
    }
}

extension ControllerMapping {
    /// The name a `controllers.assign` entry gives it by: its file's name, or its own name when it
    /// has no file (the built-in generic mapping).
    var assignedAs: String { file == "built-in" ? name : fileStem }
}

extension Array where Element: Hashable {
    /// The elements in order, each once.
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
