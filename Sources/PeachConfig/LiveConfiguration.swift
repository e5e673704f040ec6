import Foundation
import PeachDomain
import PeachText
import PeachYAML

/// The configuration the box runs with. The sessions read `currentSettings` at every exercise, so a
/// reload (SIGHUP) applies from the next one. A file that fails validation changes nothing.
@MainActor
public final class LiveConfiguration: TrainingSettingsProvider {
    public let location: ConfigurationLocation
    private var reader: ConfigurationReader
    public private(set) var configuration: PracticeConfiguration
    public private(set) var origins: ConfigurationReader.Origins

    /// Loads the configuration; throws when the file is invalid or an explicitly named file is missing.
    public init(location: ConfigurationLocation, reader: ConfigurationReader) throws(YAMLErrors) {
        self.location = location
        self.reader = reader
        let result = try reader.load(location)
        configuration = result.configuration
        origins = result.origins
    }

    public var currentSettings: TrainingSettings { configuration.training }

    /// The language of the reader's own messages from now on (a reload that changed `language`).
    public func speak(_ texts: Texts) {
        reader.texts = texts
    }

    /// Re-reads the file. On success the new values apply from the next exercise; on failure the
    /// running configuration stays and the problems are thrown for the log.
    public func reload() throws(YAMLErrors) {
        let result = try reader.load(location)
        configuration = result.configuration
        origins = result.origins
    }
}
