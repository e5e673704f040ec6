import ArgumentParser
import Foundation
import PeachConfig
import PeachDomain
import PeachText

/// `--config FILE`, shared by the commands that read the configuration.
public struct ConfigOptions: ParsableArguments, Sendable {
    public init() {}

    @Option(name: .long, help: ArgumentHelp(
        CommandLineTexts.current.text(.helpOptionConfig),
        valueName: CommandLineTexts.current.text(.valueFile)))
    public var config: String?

    public var location: ConfigurationLocation { ConfigurationLocation(explicit: config) }

    /// The training settings of the configuration (defaults without a file); an invalid file is an error.
    public func trainingSettings() throws -> TrainingSettings {
        do {
            return try ConfigurationReader(texts: CommandLineTexts.current).load(location).configuration.training
        } catch {
            throw CommandFailure(CommandLineTexts.current.text(.messageConfigurationInvalid, CommandLineTexts.current.describe(error)))
        }
    }
}
