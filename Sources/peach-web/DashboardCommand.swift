import ArgumentParser
import Foundation
import Logging
import PeachReports
import PeachOptions
import PeachConfig
import PeachStorage
import PeachText
import PeachWeb

/// `peach web`: the dashboard. A process of its own (the audio process never serves requests);
/// assembles the server from the configuration, the history and the profile report.
struct DashboardCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "peach web", // not a text: the command as it is typed
            abstract: CommandLineTexts.current.text(.helpWebAbstract),
            discussion: CommandLineTexts.current.text(.helpWebDiscussion))
    }

    @OptionGroup var options: WebOptions

    func run() throws {
        let layers = options.config.layers(data: options.store.location)
        let loaded: ConfigurationReader.Result
        do {
            loaded = try ConfigurationReader(texts: CommandLineTexts.current).load(layers)
        } catch {
            throw CommandFailure(CommandLineTexts.current.text(.messageConfigurationInvalid, CommandLineTexts.current.describe(error)))
        }
        let text = options.listen ?? loaded.configuration.web.listen
        guard let address = ListenAddress(text) else {
            throw CommandFailure(CommandLineTexts.current.text(.webListenInvalid, text))
        }
        let directory = options.store.location.directory
        if options.token || options.rotateToken {
            let secret = try accessToken(directory: directory, rotate: options.rotateToken)
            print("http://\(address.browserAddress(machineName: ProcessInfo.processInfo.hostName))/?token=\(secret.value)")
            return
        }
        var settings = DashboardServer.Settings(
            listen: address, token: address.isLoopback ? nil : try accessToken(directory: directory, rotate: false),
            range: loaded.configuration.training.noteRange,
            configuration: Self.describe(layers, loaded),
            liveStatusFile: directory.appendingPathComponent(LiveStatusFile.fileName), texts: CommandLineTexts.current,
            calendar: SystemCalendar())
        settings.settingsLayers = layers
        settings.describeConfiguration = {
            guard let now = try? ConfigurationReader(texts: CommandLineTexts.current).load(layers) else { return Self.describe(layers, loaded) }
            return Self.describe(layers, now)
        }
        var logger = Logger(label: "peach.web")
        logger.logLevel = .warning
        if let warning = SettingsWarning.text(loaded, layers: layers, texts: CommandLineTexts.current) { logger.warning("\(warning)") }
        let server = DashboardServer(settings: settings, history: History(location: options.store.location, texts: CommandLineTexts.current),
                                     logger: logger) {
            digest, profile, range in try ProfileReport(digest: digest, profile: profile, range: range).json()
        }
        let hasToken = settings.token != nil
        Task { @MainActor in
            do {
                try await server.run { bound in
                    let banner = CommandLineTexts.current.text(!hasToken ? .webBanner : .webBannerWithToken, "\(bound)")
                    FileHandle.standardOutput.write(Data((banner + "\n").utf8))
                }
                Foundation.exit(0)
            } catch DashboardServerError.cannotListen(let address, let reason) {
                let texts = CommandLineTexts.current
                let why = switch reason {
                case .system(let code): SystemWords.text(code: code, texts)
                case .noSuchHost: texts.text(.webNoSuchHost, address.host)
                }
                let message = texts.text(.parserError, texts.text(.webCannotListen, "\(address)", why))
                FileHandle.standardError.write(Data((message + "\n").utf8))
                Foundation.exit(1)
            } catch {
                // not a text: the program's name before an error from below
                FileHandle.standardError.write(Data("peach web: \(error)\n".utf8))
                Foundation.exit(1)
            }
        }
        dispatchMain()
    }

    /// The configuration in effect with its origins, under the lines naming its files.
    static func describe(_ layers: ConfigurationLayers, _ result: ConfigurationReader.Result) -> String {
        ConfigurationHeader.text(layers, result, texts: CommandLineTexts.current)
            + ConfigurationPrinter.effective(result.configuration, origins: result.origins)
    }

    private func accessToken(directory: URL, rotate: Bool) throws -> AccessToken {
        do {
            return rotate ? try AccessToken.rotate(directory: directory) : try AccessToken.load(directory: directory)
        } catch {
            throw CommandFailure(CommandLineTexts.current.text(.webTokenNotKept, directory.path, error.localizedDescription))
        }
    }
}
