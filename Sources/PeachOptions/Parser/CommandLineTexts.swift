import Foundation
import PeachConfig
import PeachDomain
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

    /// The configuration's language when the file can be read and names one; the environment's
    /// otherwise (the command itself reports an invalid file).
    static func language(arguments: [String], environment: [String: String]) -> Language {
        let location = ConfigurationLocation(explicit: configArgument(arguments), environment: environment)
        if location.exists, let configured = try? ConfigurationReader().load(location).configuration.language {
            return configured
        }
        return Language.fromEnvironment(environment)
    }

    /// The value of `--config FILE` or `--config=FILE`, before `--`.
    static func configArgument(_ arguments: [String]) -> String? {
        var index = arguments.startIndex
        while index < arguments.endIndex, arguments[index] != "--" {
            let argument = arguments[index]
            if argument == "--config", index + 1 < arguments.endIndex { return arguments[index + 1] }
            if argument.hasPrefix("--config=") { return String(argument.dropFirst("--config=".count)) }
            index += 1
        }
        return nil
    }
}
