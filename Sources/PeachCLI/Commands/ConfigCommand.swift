import ArgumentParser
import Foundation
import PeachConfig
import PeachDomain

/// `--config FILE`, shared by the commands that read the configuration.
struct ConfigOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The configuration file (default: $XDG_CONFIG_HOME/peach/config.yaml or ~/.config/peach/config.yaml).",
        valueName: "file"))
    var config: String?

    var location: ConfigurationLocation { ConfigurationLocation(explicit: config) }

    /// The training settings of the configuration (defaults without a file); an invalid file is an error.
    func trainingSettings() throws -> TrainingSettings {
        do {
            return try ConfigurationReader().load(location).configuration.training
        } catch {
            throw CommandFailure("the configuration is not valid:\n\(error)")
        }
    }
}

struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Print the effective configuration and where each value came from.",
        discussion: """
            Every value is shown with its origin: FILE:LINE, or `default`. With --check, only validates \
            the file and reports every problem as FILE:LINE:COLUMN: reason (exit status 1).
            """)

    @OptionGroup var options: ConfigOptions

    @Flag(help: "Only validate the configuration file.")
    var check = false

    @Flag(name: .customLong("default"), help: "Print a configuration file with every setting at its default.")
    var printDefault = false

    func run() throws {
        if printDefault {
            try StandardOutput.write(ConfigurationPrinter.defaultFile())
            return
        }
        let location = options.location
        let result: ConfigurationReader.Result
        do {
            result = try ConfigurationReader().load(location)
        } catch {
            throw CommandFailure("the configuration is not valid; nothing of it is used:\n\(error)")
        }
        let problems = RunChecks.configurationProblems(result.configuration, origins: result.origins)
        guard problems.isEmpty else {
            throw CommandFailure("the configuration is not valid; nothing of it is used:\n" + problems.joined(separator: "\n"))
        }
        if check {
            // Everything `peach run` checks before it trains, the sound loaded as it loads it.
            do {
                try MainActor.assumeIsolated { _ = try RunChecks.sound(result.configuration, origins: result.origins) }
            } catch {
                throw CommandFailure("`peach run` would not start with this configuration:\n\(error)")
            }
            try StandardOutput.write(location.exists ? "\(location.file.path): valid\n"
                : "\(location.file.path) does not exist: defaults apply\n")
            return
        }
        print("# configuration file: \(location.file.path)" + (location.exists ? "" : " (not present: defaults)"))
        print(ConfigurationPrinter.effective(result.configuration, origins: result.origins), terminator: "")
    }
}
