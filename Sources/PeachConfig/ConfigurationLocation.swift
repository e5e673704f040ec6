import Foundation

/// Where the configuration file is: `--config FILE`, else `$XDG_CONFIG_HOME/peach/config.yaml`
/// (an absolute XDG_CONFIG_HOME only, as the XDG spec says), else `~/.config/peach/config.yaml`.
/// A file named explicitly must exist; the default one may be missing (then defaults apply).
public struct ConfigurationLocation: Hashable, Sendable {
    public let file: URL
    public let isExplicit: Bool

    public init(explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let explicit {
            file = URL(fileURLWithPath: explicit).standardizedFileURL
            isExplicit = true
            return
        }
        isExplicit = false
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            file = URL(fileURLWithPath: xdg).appendingPathComponent("peach/config.yaml")
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
                ?? FileManager.default.homeDirectoryForCurrentUser.path
            file = URL(fileURLWithPath: home).appendingPathComponent(".config/peach/config.yaml")
        }
    }

    public var exists: Bool { FileManager.default.fileExists(atPath: file.path) }
}
