import PeachConfig
import PeachText

/// The lines above the configuration in effect (`peach config`, the dashboard's Data page): the
/// configuration file and the settings file, each with whether it is there and used.
public enum ConfigurationHeader {
    public static func text(_ layers: ConfigurationLayers, _ result: ConfigurationReader.Result, texts: Texts) -> String {
        let location = layers.administrator
        var lines = [texts.text(location.exists ? .messageConfigurationFile : .messageConfigurationFileMissing, location.file.path)]
        if let settings = layers.settings {
            let key: OptionsText = !settings.exists ? .messageSettingsFileMissing
                : result.settingsLeftOut.isEmpty ? .messageSettingsFile : .messageSettingsFileLeftOut
            lines.append(texts.text(key, settings.file.path))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
