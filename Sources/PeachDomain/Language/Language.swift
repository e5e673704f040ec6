/// The language Peach speaks and writes. One identity for the CLI, the prompts and the configuration.
public enum Language: String, Hashable, Sendable, CaseIterable {
    case english = "en"
    case german = "de"

    /// The language a POSIX locale name stands for (`de_DE.UTF-8`, `de`, `en_GB`); nil for any other
    /// language. `C` and `POSIX` are English.
    public init?(localeName: String) {
        let name = localeName.split(whereSeparator: { "_.@-".contains($0) }).first.map { $0.lowercased() } ?? ""
        switch name {
        case "de": self = .german
        case "en", "c", "posix": self = .english
        default: return nil
        }
    }

    /// The language of an environment by POSIX precedence: the first of `LC_ALL`, `LC_MESSAGES`, `LANG`
    /// that is set and not empty decides; English when it names neither language or none is set.
    public static func fromEnvironment(_ environment: [String: String]) -> Language {
        for variable in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[variable], !value.isEmpty {
                return Language(localeName: value) ?? .english
            }
        }
        return .english
    }
}
