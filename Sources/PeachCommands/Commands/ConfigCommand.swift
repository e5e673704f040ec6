import ArgumentParser
import Foundation
import PeachOptions
import PeachBoxRuntime
import PeachConfig
import PeachDomain
import PeachText

struct ConfigCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "config",
            abstract: CommandLineTexts.current.text(.helpConfigAbstract),
            discussion: CommandLineTexts.current.text(.helpConfigDiscussion))
    }

    @OptionGroup var options: ConfigOptions
    /// Where the settings file is (the dashboard's settings, layered over the configuration file).
    @OptionGroup var store: HistoryOptions

    @Flag(help: ArgumentHelp(CommandLineTexts.current.text(.helpConfigCheck)))
    var check = false

    @Flag(name: .customLong("default"), help: ArgumentHelp(CommandLineTexts.current.text(.helpConfigPrintDefault)))
    var printDefault = false

    func run() throws {
        if printDefault {
            try StandardOutput.write(ConfigurationPrinter.defaultFile(texts: CommandLineTexts.current))
            return
        }
        let location = options.location
        let layers = options.layers(data: store.location)
        let result: ConfigurationReader.Result
        do {
            // The box's own checks decide too whether the settings file is left out, as in `peach run`.
            result = try ConfigurationReader(texts: CommandLineTexts.current).load(layers, check: RunChecks.configurationProblems)
        } catch {
            throw CommandFailure(CommandLineTexts.current.text(.messageConfigurationInvalidUnused, CommandLineTexts.current.describe(error)))
        }
        let problems = RunChecks.configurationProblems(result.configuration, origins: result.origins)
        guard problems.isEmpty else {
            throw CommandFailure(CommandLineTexts.current.text(.messageConfigurationInvalidUnused, problems.joined(separator: "\n")))
        }
        if let warning = SettingsWarning.text(result, layers: layers, texts: CommandLineTexts.current) {
            FileHandle.standardError.write(Data((warning + "\n").utf8))
        }
        if check {
            // Everything `peach run` checks before it trains, the sound loaded as it loads it.
            do {
                try MainActor.assumeIsolated { _ = try RunChecks.sound(result.configuration, origins: result.origins) }
            } catch {
                throw CommandFailure(CommandLineTexts.current.text(.messageRunWouldNotStart, CommandLineTexts.current.describe(error)))
            }
            try StandardOutput.write(CommandLineTexts.current.text(location.exists ? .messageConfigurationValid : .messageConfigurationMissing,
                                                               location.file.path) + "\n")
            return
        }
        print(ConfigurationHeader.text(layers, result, texts: CommandLineTexts.current), terminator: "")
        print(ConfigurationPrinter.effective(result.configuration, origins: result.origins), terminator: "")
    }
}
