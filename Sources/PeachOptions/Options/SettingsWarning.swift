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
