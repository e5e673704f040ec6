import Foundation
import PeachConfig
import PeachDomain
import PeachStorage
import PeachText
import Synchronization

/// The texts of the `peach` command line. swift-argument-parser asks for help texts through static
/// properties, before any command runs, so the language is chosen once in `main`, before parsing:
/// the configuration's `language` (the file `--config` names, else the default one), else
/// `LC_ALL`/`LC_MESSAGES`/`LANG`. Until it is chosen (tests parsing in-process) the texts are English.
public enum CommandLineTexts {
    private static let chosen = Mutex<Texts?>(nil)

    public static var current: Texts {
        chosen.withLock { $0 } ?? .english
    }

    /// Chooses the language for this process from its arguments and environment.
    public static func choose(arguments: [String], environment: [String: String]) {
        let texts = Texts(language(arguments: arguments, environment: environment))
        chosen.withLock { $0 = texts }
    }

    /// The configuration's language (the settings file of the data directory over the
    /// configuration file) when it can be read and names one; the environment's otherwise (the
    /// command itself reports an invalid file).
    static func language(arguments: [String], environment: [String: String]) -> Language {
        let location = ConfigurationLocation(explicit: argument("--config", in: arguments), environment: environment)
        let data = DataLocation(explicitDirectory: argument("--data-dir", in: arguments), environment: environment)
        let layers = ConfigurationLayers(administrator: location, settings: SettingsFile(directory: data.directory))
        if location.exists || layers.settings?.exists == true,
           let configured = try? ConfigurationReader().load(layers).configuration.language {
            return configured
        }
        return Language.fromEnvironment(environment)
    }

    /// The value of `--config FILE` or `--config=FILE`, before `--`.
    static func configArgument(_ arguments: [String]) -> String? { argument("--config", in: arguments) }

    /// The value of `OPTION VALUE` or `OPTION=VALUE`, before `--`.
    static func argument(_ option: String, in arguments: [String]) -> String? {
        var index = arguments.startIndex
        while index < arguments.endIndex, arguments[index] != "--" {
            let argument = arguments[index]
            if argument == option, index + 1 < arguments.endIndex { return arguments[index + 1] }
            if argument.hasPrefix(option + "=") { return String(argument.dropFirst(option.count + 1)) }
            index += 1
        }
        return nil
    }
}
