import ArgumentParser
import Foundation
import PeachConfig
import PeachDomain
import PeachStorage
import PeachText

/// `--config FILE`, shared by the commands that read the configuration.
public struct ConfigOptions: ParsableArguments, Sendable {
    public init() {}

    @Option(name: .long, help: ArgumentHelp(
        CommandLineTexts.current.text(.helpOptionConfig),
        valueName: CommandLineTexts.current.text(.valueFile)))
    public var config: String?

    public var location: ConfigurationLocation { ConfigurationLocation(explicit: config) }

    /// The configuration file and, over it, the settings file of the data directory `data`.
    public func layers(data: DataLocation) -> ConfigurationLayers {
        ConfigurationLayers(administrator: location, settings: SettingsFile(directory: data.directory))
    }

    /// The training settings in effect (defaults without a file) for the data directory `data`; an
    /// invalid configuration file is an error, an invalid settings file is left out (and said).
    public func trainingSettings(data: DataLocation) throws -> TrainingSettings {
        do {
            let result = try ConfigurationReader(texts: CommandLineTexts.current).load(layers(data: data))
            SettingsWarning.say(result, layers: layers(data: data))
            return result.configuration.training
        } catch {
            throw CommandFailure(CommandLineTexts.current.text(.messageConfigurationInvalid, CommandLineTexts.current.describe(error)))
        }
    }
}
