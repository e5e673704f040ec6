import ArgumentParser
import Foundation
import Logging
import PeachConfig
import PeachPractice
import PeachStorage
import PeachWeb

/// `peach web`: the dashboard. A process of its own (the audio process never serves requests);
/// assembles the server from the configuration, the history and the profile report.
struct WebCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "web",
        abstract: "Serve the progress dashboard (profile, progress, Tune & Match, history, data) over HTTP.",
        discussion: """
            Listens on 127.0.0.1:8080 unless --listen or the configuration's web.listen says otherwise. \
            Any address other than loopback needs the access token, kept in web-token beside the history: \
            --token prints the address that carries it (opening it once sets a cookie), --rotate-token \
            replaces it.
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var config: ConfigOptions

    @Option(help: ArgumentHelp("Where to listen (default: web.listen, else 127.0.0.1:8080).", valueName: "addr:port"))
    var listen: String?

    @Flag(help: "Print the dashboard's address with the access token, and exit.")
    var token = false

    @Flag(name: .customLong("rotate-token"), help: "Replace the access token (every browser needs the new address), print it, and exit.")
    var rotateToken = false

    func run() throws {
        let loaded: ConfigurationReader.Result
        do {
            loaded = try ConfigurationReader().load(config.location)
        } catch {
            throw CommandFailure("the configuration is not valid:\n\(error)")
        }
        let text = listen ?? loaded.configuration.web.listen
        guard let address = ListenAddress(text) else {
            throw CommandFailure("--listen \(text): write the address as HOST:PORT, e.g. 127.0.0.1:8080")
        }
        let directory = store.location.directory
        if token || rotateToken {
            let secret = try accessToken(directory: directory, rotate: rotateToken)
            let host = address.host == "0.0.0.0" || address.host == "::" ? ProcessInfo.processInfo.hostName : address.description
            let port = address.host == "0.0.0.0" || address.host == "::" ? ":\(address.port)" : ""
            print("http://\(host)\(port)/?token=\(secret.value)")
            return
        }
        let location = config.location
        let settings = DashboardServer.Settings(
            listen: address, token: address.isLoopback ? nil : try accessToken(directory: directory, rotate: false),
            range: loaded.configuration.training.noteRange,
            configuration: "# configuration file: \(location.file.path)" + (location.exists ? "" : " (not present: defaults)") + "\n"
                + ConfigurationPrinter.effective(loaded.configuration, origins: loaded.origins),
            liveStatusFile: directory.appendingPathComponent(LiveStatusFile.fileName))
        var logger = Logger(label: "peach.web")
        logger.logLevel = .warning
        let server = DashboardServer(settings: settings, history: StoreHistory(location: store.location), logger: logger) {
            digest, range in try ProfileReport(digest: digest, range: range).json()
        }
        Task { @MainActor in
            do {
                try await server.run { bound in
                    let banner = "Peach dashboard on http://\(bound)/" + (settings.token == nil ? "" : " (access token required)")
                    FileHandle.standardOutput.write(Data((banner + "\n").utf8))
                }
                Foundation.exit(0)
            } catch {
                FileHandle.standardError.write(Data("peach web: \(error)\n".utf8))
                Foundation.exit(1)
            }
        }
        dispatchMain()
    }

    private func accessToken(directory: URL, rotate: Bool) throws -> AccessToken {
        do {
            return rotate ? try AccessToken.rotate(directory: directory) : try AccessToken.load(directory: directory)
        } catch {
            throw CommandFailure("cannot keep the access token in \(directory.path): \(error.localizedDescription)")
        }
    }
}
