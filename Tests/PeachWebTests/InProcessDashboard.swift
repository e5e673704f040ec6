import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import PeachConfig
import PeachReports
import PeachDomain
import PeachStorage
import PeachTestSupport
import PeachText
@testable import PeachWeb

/// The dashboard's router built in-process (as `peach web` builds it) over a real SQLite history
/// in a data directory of its own, driven by HummingbirdTesting without a server or a socket.
final class InProcessDashboard: Sendable {
    static let csrf = "0123456789abcdef0123456789abcdef"
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("peach-web-tests-\(UUID().uuidString)")
    let token: AccessToken?
    let log = LogCapture()
    /// The administrator's configuration file and the settings file in the data directory, when
    /// the dashboard has a settings page.
    let layers: ConfigurationLayers?
    /// The pages' language.
    let texts: Texts

    var location: DataLocation { DataLocation(directory: directory) }

    /// `token`: the dashboard listens beyond loopback and wants this token. `administrator`: the
    /// configuration file's text, for a dashboard with its settings page (nil: none).
    init(token: AccessToken? = nil, administrator: String? = nil, texts: Texts = .english) throws {
        self.token = token
        self.texts = texts
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        if let administrator {
            let file = directory.appendingPathComponent("etc/config.yaml")
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(administrator.utf8).write(to: file)
            layers = ConfigurationLayers(administrator: ConfigurationLocation(explicit: file.path, environment: [:]),
                                         settings: SettingsFile(directory: directory))
        } else {
            layers = nil
        }
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// Stores `count` answers, one in five a Tune & Match answer, one every 7 s up to an hour ago:
    /// right more often the larger the offset, so that the fits have something to fit.
    func fill(_ count: Int = 2000, seed: UInt64 = 7) throws {
        var random = SeededRandomGenerator(seed: seed)
        let start = Date().addingTimeInterval(-3600 - Double(count) * 7)
        var compareAnswers: [CompareAnswer] = []
        var matchAnswers: [MatchAnswer] = []
        var timingAnswers: [TimingAnswer] = []
        var gapFillAnswers: [GapFillAnswer] = []
        for index in 0..<count {
            let reference = MIDINote(Int.random(in: 36...84, using: &random))
            let target = reference.offset(bySemitones: index % 2 == 0 ? 0 : 7) ?? reference
            let time = start.addingTimeInterval(Double(index) * 7)
            // A few rhythm answers beside them: the dashboard shows them as `peach profile` does.
            if index % 10 == 3 {
                let offset = Double.random(in: 2...30, using: &random) * (index % 20 == 3 ? -1 : 1)
                timingAnswers.append(TimingAnswer(tempo: TempoBPM(clamping: 80 + index % 3 * 30), offsetMs: offset,
                                                  isCorrect: Double.random(in: 0...1, using: &random) < 0.5 + abs(offset) / 60,
                                                  timestamp: time))
            }
            if index % 50 == 7, let trial = GapFillAnswer(
                tempo: TempoBPM(clamping: 90), meanOffsetMs: -4, meanOffsetMsByPosition: [-3, -5, nil, nil], timestamp: time,
                taps: GapTaps(hits: (0..<14).map { GapTaps.Tap(position: $0 % 2 == 0 ? .beat : .e, offsetMs: Double($0 % 5) - 6) },
                              misses: 2)) {
                gapFillAnswers.append(trial)
            }
            if index % 5 == 4 {
                let error = Cents(Double.random(in: -30...30, using: &random))
                // invariant: notes in range, a finite error and offset.
                matchAnswers.append(MatchAnswer(referenceNote: reference, targetNote: target, initialCentOffset: 40,
                                                userCentError: error, tuningSystem: .equalTemperament, timestamp: time)!)
            } else {
                let offset = Double.random(in: -60...60, using: &random)
                let right = Double.random(in: 0...1, using: &random) < 0.5 + 0.5 * min(1, abs(offset) / 20)
                // invariant: notes in range and a finite offset.
                compareAnswers.append(CompareAnswer(referenceNote: reference, targetNote: target, centOffset: Cents(offset),
                                                    isCorrect: right, tuningSystem: .justIntonation, timestamp: time)!)
            }
        }
        let store = try HistoryStore.open(location)
        _ = try store?.importRecords(compareAnswers: compareAnswers, matchAnswers: matchAnswers, timingAnswers: timingAnswers,
                                     gapFillAnswers: gapFillAnswers, mode: .replace)
        try store?.close()
    }

    /// Stores rhythm answers alone, as `peach run` does: every day for the last `days` days and 2 hours ago, a session of
    /// 60 Compare Timing answers at 80 BPM (offsets from 4 to 120 ms, right as often as a listener
    /// with thresholds of 30 ms early and 40 ms late would be) and 3 Fill the Gap trials (14 taps
    /// 6 ms early on average, 2 gaps missed).
    func fillRhythm(days: Int = 10, seed: UInt64 = 5) throws {
        var random = SeededRandomGenerator(seed: seed)
        var listener = SimulatedListener(shape: .weibull, slope: 2.5, lapse: 0.02, thresholds: [(MIDINote(60), 10)])
        listener.timing = SimulatedListener.Timing(early: 30, late: 40)
        var timingAnswers: [TimingAnswer] = []
        var gapFillAnswers: [GapFillAnswer] = []
        let now = Date()
        for day in (0...days).reversed() {
            let session = now.addingTimeInterval(-Double(day) * 86400 - 7200)
            for index in 0..<60 {
                let magnitude = exp(Double.random(in: Foundation.log(4.0)...Foundation.log(120.0), using: &random))
                let offset = index % 2 == 0 ? -magnitude : magnitude
                let right = Double.random(in: 0..<1, using: &random) < listener.probabilityCorrect(timingOffsetMs: offset)
                timingAnswers.append(TimingAnswer(tempo: TempoBPM(clamping: 80), offsetMs: offset, isCorrect: right,
                                                  timestamp: session.addingTimeInterval(Double(index) * 15)))
            }
            for trial in 0..<3 {
                let taps = (0..<14).map { (tap: Int) -> GapTaps.Tap in
                    let offset = Double(tap % 7 - 3) * 3 - 6
                    return GapTaps.Tap(position: tap % 2 == 0 ? .beat : .and, offsetMs: offset)
                }
                // invariant: one mean per gap position.
                gapFillAnswers.append(GapFillAnswer(tempo: TempoBPM(clamping: 80), meanOffsetMs: -6, meanOffsetMsByPosition: [-6, nil, -6, nil],
                                                    timestamp: session.addingTimeInterval(900 + Double(trial) * 60),
                                                    taps: GapTaps(hits: taps, misses: 2))!)
            }
        }
        // As the box writes them, the trials with their taps (an import keeps the iOS app's columns only).
        let store = try HistoryStore.open(location)
        try store?.save(timingAnswers.map(Answer.timing) + gapFillAnswers.map(Answer.gapFill), skippingStored: false)
        try store?.close()
    }

    /// The server `peach web` would run for this data directory, with the profile JSON of `peach profile --json`.
    var server: DashboardServer {
        var settings = DashboardServer.Settings(
            listen: ListenAddress(host: token == nil ? "127.0.0.1" : "0.0.0.0", port: 0), token: token, range: .standard,
            configuration: "# default\nnote-range: C2-C6\n", liveStatusFile: directory.appendingPathComponent("live-status"),
            texts: texts, calendar: SystemCalendar())
        settings.settingsLayers = layers
        return DashboardServer(settings: settings, history: History(location: location), logger: log.logger) {
            digest, profile, range in try ProfileReport(digest: digest, profile: profile, range: range).json()
        }
    }

    /// Runs `test` against the router as `peach web` serves it. `host`: the Host the requests name
    /// (HummingbirdTesting's router client always says `localhost`).
    func test<Value: Sendable>(host: String? = nil, _ test: @Sendable (any TestClientProtocol) async throws -> Value) async throws -> Value {
        let router = try await server.router(csrf: Self.csrf)
        if let host {
            return try await Application(responder: Authority(host: host, responder: router.buildResponder()), logger: log.logger)
                .test(.router, test)
        }
        return try await Application(router: router, logger: log.logger).test(.router, test)
    }

    /// What the store itself exports: the bytes `/export.csv` must send.
    func exported() throws -> String {
        var text = ""
        try History(location: location).exportCSV { text += $0 }
        return text
    }
}

/// Passes every request on as though it named `host`.
private struct Authority<Responder: HTTPResponder>: HTTPResponder {
    let host: String
    let responder: Responder

    func respond(to request: Request, context: Responder.Context) async throws -> Response {
        var head = request.head
        head.authority = host
        return try await responder.respond(to: Request(head: head, body: request.body), context: context)
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }
}

extension TestClientProtocol {
    func get(_ path: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        try await executeRequest(uri: path, method: .get, headers: headers, body: nil)
    }

    /// The import form as a browser sends it: `csrf`, the file, `replace`; `fileName` "" is the form
    /// sent without choosing a file.
    func importCSV(_ csv: String, csrf: String? = InProcessDashboard.csrf, replace: Bool = false,
                   fileName: String = "answers.csv", headers extra: HTTPFields = [:]) async throws -> TestResponse {
        let boundary = "----peach\(UUID().uuidString)"
        var parts: [String] = []
        if let csrf { parts.append("Content-Disposition: form-data; name=\"csrf\"\r\n\r\n\(csrf)") }
        parts.append("Content-Disposition: form-data; name=\"file\"; filename=\"\(fileName)\"\r\nContent-Type: text/csv\r\n\r\n\(csv)")
        if replace { parts.append("Content-Disposition: form-data; name=\"replace\"\r\n\r\n1") }
        let body = parts.map { "--\(boundary)\r\n\($0)\r\n" }.joined() + "--\(boundary)--\r\n"
        return try await post(body, type: "multipart/form-data; boundary=\(boundary)", headers: extra)
    }

    func post(_ body: String, type: String, to path: String = "/import", headers extra: HTTPFields = [:]) async throws -> TestResponse {
        var headers: HTTPFields = [.contentType: type]
        headers.append(contentsOf: extra)
        return try await executeRequest(uri: path, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    /// The settings form as a browser sends it (`application/x-www-form-urlencoded`), with this
    /// server's CSRF value unless `csrf` says otherwise (nil: none).
    func postSettings(_ fields: [(String, String)], csrf: String? = InProcessDashboard.csrf, to path: String = "/settings",
                      headers extra: HTTPFields = [:]) async throws -> TestResponse {
        let all = (csrf.map { [("csrf", $0)] } ?? []) + fields
        let body = all.map { Self.encode($0.0) + "=" + Self.encode($0.1) }.joined(separator: "&")
        return try await post(body, type: "application/x-www-form-urlencoded", to: path, headers: extra)
    }

    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
