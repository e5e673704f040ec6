import Foundation
import Hummingbird
import HummingbirdCore
import NIOHTTP1
import NIOCore
import NIOPosix
import Synchronization
import ServiceLifecycle
import Logging
import PeachConfig
import PeachDomain
import PeachStorage
import PeachText

/// `peach web`: the dashboard's HTTP server. Serves only the routes below; every other path is 404.
/// Reads the history; writes it only for an upload through the import form (POST, CSRF-checked).
public struct DashboardServer: Sendable {
    public struct Settings: Sendable {
        public var listen: ListenAddress
        /// Required for a non-loopback address (the command line makes sure).
        public var token: AccessToken?
        public var range: NoteRange
        /// The effective configuration with origins, shown read-only.
        public var configuration: String
        public var uploadLimit: Int
        /// Written by `peach run`; its text is streamed to the pages as it changes.
        public var liveStatusFile: URL
        /// The pages' language (the command line's); JSON and CSV are the same in every language.
        public var texts: Texts
        /// The local days, weeks and months of the timeline, and the times the pages show.
        public var calendar: any TrainingCalendar
        /// The configuration file and the settings file the settings page writes; nil: no settings page.
        public var settingsLayers: ConfigurationLayers?
        /// The configuration in effect with its origins, as the Data page shows it now (else `configuration`).
        public var describeConfiguration: (@Sendable () -> String)?

        public init(listen: ListenAddress, token: AccessToken?, range: NoteRange, configuration: String,
                    uploadLimit: Int = 8 << 20, liveStatusFile: URL, texts: Texts = .english, calendar: any TrainingCalendar) {
            self.texts = texts
            self.calendar = calendar
            self.listen = listen
            self.token = token
            self.range = range
            self.configuration = configuration
            self.uploadLimit = uploadLimit
            self.liveStatusFile = liveStatusFile
        }
    }

    /// `peach profile --json` of a history read into a digest, over a note range; given the profile
    /// the pages use too, so that each mode is fitted once for both.
    public typealias ProfileJSON = @MainActor (HistoryDigest, PerceptualProfile, NoteRange) throws -> String

    let settings: Settings
    let history: any DashboardHistory
    let profileJSON: ProfileJSON
    let logger: Logger

    public init(settings: Settings, history: any DashboardHistory, logger: Logger, profileJSON: @escaping ProfileJSON) {
        self.settings = settings
        self.history = history
        self.logger = logger
        self.profileJSON = profileJSON
    }

    /// The dashboard's router: the access guard, the 500 for a failure below it, and the routes.
    /// `run` serves it; the tests drive it in-process (HummingbirdTesting). `csrf`: the import
    /// form's value, new for every server.
    func router(csrf: String = Self.newCSRF()) async throws -> Router<BasicRequestContext> {
        let settings = settings, history = history, profileJSON = profileJSON
        let pages = try await MainActor.run {
            try DashboardPages(history: history, range: settings.range,
                               configuration: settings.describeConfiguration ?? { [text = settings.configuration] in text }, csrf: csrf,
                               uploadLimit: settings.uploadLimit, live: LiveStatus(file: settings.liveStatusFile),
                               texts: settings.texts, calendar: settings.calendar, profileJSON: profileJSON)
        }
        let router = Router()
        router.add(middleware: AccessGuard(token: settings.token, texts: settings.texts))
        router.add(middleware: FailurePage(texts: settings.texts))
        let settingsPage = settings.settingsLayers.flatMap { layers in
            layers.settings.map { file in
                SettingsPage(layers: layers, settings: file, texts: settings.texts, logger: logger) { [liveStatus = settings.liveStatusFile] in
                    FileManager.default.fileExists(atPath: liveStatus.path)
                }
            }
        }
        DashboardRoutes(pages: pages, history: history, settings: settings, csrf: csrf, settingsPage: settingsPage).add(to: router)
        return router
    }

    /// 16 random bytes in hex.
    static func newCSRF() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// Serves until SIGINT or SIGTERM. `onListening` gets the address really bound (port 0 → the chosen port).
    public func run(onListening: @escaping @Sendable (ListenAddress) -> Void) async throws {
        let settings = settings
        // The server without Hummingbird's `Application`, whose cache of the `Date` header formats
        // through a Foundation calendar: its first use loads ICU's zone data, 2–3 MB of a
        // dashboard that should fit in 30 (`HTTPDate` writes the header instead).
        let responder = try await router().buildResponder()
        let logger = logger
        let listening = Atomic<Bool>(false)
        let server = try HTTPServerBuilder.http1().buildServer(
            configuration: ServerConfiguration(address: .hostname(settings.listen.host, port: settings.listen.port), serverName: nil),
            eventLoopGroup: MultiThreadedEventLoopGroup.singleton, logger: logger,
            responder: { request, writer, channel in
                let context = BasicRequestContext(source: ApplicationRequestContextSource(channel: channel, logger: logger))
                var response = try await responder.respond(to: request, context: context)
                response.headers[.date] = HTTPDate.now()
                try await writer.write(response: response.head, body: response.body)
            },
            onServerRunning: { channel in
                listening.store(true, ordering: .releasing)
                onListening(ListenAddress(host: settings.listen.host, port: channel.localAddress?.port ?? settings.listen.port))
            })
        do {
            try await ServiceGroup(configuration: .init(services: [server], gracefulShutdownSignals: [.sigterm, .sigint],
                                                        logger: logger)).run()
        } catch let error as IOError where !listening.load(ordering: .acquiring) {
            throw DashboardServerError.cannotListen(settings.listen, .system(errno: error.errnoCode))
        } catch is SocketAddressError.UnknownHost where !listening.load(ordering: .acquiring) {
            throw DashboardServerError.cannotListen(settings.listen, .noSuchHost)
        }
    }
}

/// Why the dashboard could not start serving, in terms a person can act on (NIO's own errors read
/// `bind(descriptor:ptr:bytes:): Address already in use) (errno: 98)`).
public enum DashboardServerError: Error, Equatable {
    public enum Reason: Equatable, Sendable {
        /// The system refused the address (in use, not this machine's, a port below 1024 without privilege).
        case system(errno: Int32)
        /// The host name does not resolve.
        case noSuchHost
    }

    case cannotListen(ListenAddress, Reason)
}
