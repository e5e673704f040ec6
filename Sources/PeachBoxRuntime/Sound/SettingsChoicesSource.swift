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
    static let soundFontDirectories = ["/usr/share/sounds/sf2"]
    private let configuration: LiveConfiguration
    private let device: String
    private var soundFonts: [SettingsChoices.SoundFont]?

    /// `device`: the output the box plays on.
    init(configuration: LiveConfiguration, device: String) {
        self.configuration = configuration
        self.device = device
    }

    func choices() -> SettingsChoices {
        let settings = configuration.configuration
        let mappings = settings.mappingLibrary
        let own = (try? SoundFontLocator().locate()).map { URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath().path }
        return SettingsChoices(audioOutputs: outputs(), soundFonts: soundFontChoices(), ownSoundFont: own,
                               mappings: (mappings.mappings + [mappings.generic]).map(\.assignedAs).uniqued())
    }

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

    private func soundFontChoices() -> [SettingsChoices.SoundFont] {
        if let soundFonts { return soundFonts }
        var paths: [String] = []
        let own = try? SoundFontLocator().locate()
        var directories = Self.soundFontDirectories
        if let own { directories.insert(URL(fileURLWithPath: own).deletingLastPathComponent().path, at: 0) }
        for directory in directories {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            paths += files.filter { $0.lowercased().hasSuffix(".sf2") }.sorted()
                .map { URL(fileURLWithPath: directory).appendingPathComponent($0).standardizedFileURL.resolvingSymlinksInPath().path }
        }
        if let configured = configuration.configuration.sound.soundFont { paths.append(configured) }
        let found = paths.uniqued().compactMap { path -> SettingsChoices.SoundFont? in
            guard let presets = try? SoundFontCatalog.presets(in: path), !presets.isEmpty else { return nil }
            return SettingsChoices.SoundFont(path: path, presets: presets.map {
                SettingsChoices.Preset(preset: $0.preset.description, name: $0.name)
            })
        }
        soundFonts = found
        return found
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
