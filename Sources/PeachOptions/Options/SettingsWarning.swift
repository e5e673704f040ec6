import Foundation
import PeachConfig
import PeachText

/// A settings file left out is said on standard error by the commands that read the configuration
/// (the box and the dashboard log it instead): which file, and every problem with its line.
public enum SettingsWarning {
    public static func text(_ result: ConfigurationReader.Result, layers: ConfigurationLayers, texts: Texts) -> String? {
        guard !result.settingsLeftOut.isEmpty, let settings = layers.settings else { return nil }
        return texts.text(.settingsLeftOut, settings.file.path, result.settingsLeftOut.joined(separator: "\n"))
    }

    static func say(_ result: ConfigurationReader.Result, layers: ConfigurationLayers) {
        guard let text = text(result, layers: layers, texts: CommandLineTexts.current) else { return }
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}

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
