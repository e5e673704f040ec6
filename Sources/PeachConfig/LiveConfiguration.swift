import Foundation
import PeachDomain
import PeachText
import PeachYAML

/// The configuration the box runs with. The sessions read `currentSettings` at every exercise, so a
/// reload (SIGHUP, or a change of the settings file) applies from the next one. An administrator's
/// file that fails validation changes nothing; a settings file that does is left out (the
/// administrator's configuration applies) and `settingsLeftOut` says why.
@MainActor
public final class LiveConfiguration: TrainingSettingsProvider {
    public let layers: ConfigurationLayers
    private var reader: ConfigurationReader
    private let check: (PracticeConfiguration, ConfigurationReader.Origins) -> [String]
    public private(set) var configuration: PracticeConfiguration
    public private(set) var origins: ConfigurationReader.Origins
    /// Why the settings file is left out right now (empty when it is read or not there).
    public private(set) var settingsLeftOut: [String]
    /// The configuration beneath the settings file (the defaults and the administrator's file).
    public private(set) var beneathSettings: PracticeConfiguration

    /// Loads the configuration; throws when the administrator's file is invalid or an explicitly
    /// named one is missing. `check`: the box's own checks of a result (mapping names, device names).
    public init(layers: ConfigurationLayers, reader: ConfigurationReader,
                check: @escaping (PracticeConfiguration, ConfigurationReader.Origins) -> [String] = { _, _ in [] }) throws(YAMLErrors) {
        self.layers = layers
        self.reader = reader
        self.check = check
        let result = try reader.load(layers, check: check)
        configuration = result.configuration
        origins = result.origins
        settingsLeftOut = result.settingsLeftOut
        beneathSettings = result.beneathSettings
    }

    /// Whether `key`'s value comes from the settings file.
    public func fromSettings(_ key: String) -> Bool {
        guard let settings = layers.settings, let origin = origins[key] else { return false }
        return origin.hasPrefix(settings.file.path + ":")
    }

    /// The administrator's file alone, without a settings file.
    public convenience init(location: ConfigurationLocation, reader: ConfigurationReader) throws(YAMLErrors) {
        try self.init(layers: ConfigurationLayers(administrator: location, settings: nil), reader: reader)
    }

    /// The administrator's configuration file.
    public var location: ConfigurationLocation { layers.administrator }

    public var currentSettings: TrainingSettings { configuration.training }

    /// The language of the reader's own messages from now on (a reload that changed `language`).
    public func speak(_ texts: Texts) {
        reader.texts = texts
    }

    /// Re-reads both files. On success the new values apply from the next exercise; when the
    /// administrator's file fails, the running configuration stays and its problems are thrown for
    /// the log.
    public func reload() throws(YAMLErrors) {
        let result = try reader.load(layers, check: check)
        configuration = result.configuration
        origins = result.origins
        settingsLeftOut = result.settingsLeftOut
        beneathSettings = result.beneathSettings
    }
}
