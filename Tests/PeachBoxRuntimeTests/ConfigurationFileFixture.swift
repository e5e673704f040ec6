import Foundation
import PeachConfig
@testable import PeachBoxRuntime

/// A configuration file in a temporary directory of its own, read through the real reader as
/// `peach run` reads it (`--config FILE`), for tests that change it and reload.
struct ConfigurationFileFixture {
    let directory: URL
    let file: URL

    init(_ text: String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("peach-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        file = directory.appendingPathComponent("config.yaml")
        try write(text)
    }

    func write(_ text: String) throws { try Data(text.utf8).write(to: file) }

    @MainActor
    func configuration() throws -> LiveConfiguration {
        try LiveConfiguration(location: ConfigurationLocation(explicit: file.path, environment: [:]), reader: ConfigurationReader())
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}
