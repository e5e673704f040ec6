import Foundation
import Mustache
import PeachDomain
import PeachStorage
import PeachText

/// Renders the dashboard's pages from the history. The fitted model is rebuilt only when the
/// number of stored answers changes, so a phone reloading the page costs a template render.
@MainActor
final class DashboardPages {
    /// `peach profile --json` for this history: given by the command line, which owns that report.
    typealias ProfileJSON = DashboardServer.ProfileJSON

    let history: any DashboardHistory
    let range: NoteRange
    /// The configuration in effect with its origins, as it is now.
    let configuration: @Sendable () -> String
    let csrf: String
    let uploadLimit: Int
    let live: LiveStatus
    let texts: Texts
    let calendar: any TrainingCalendar
    /// Every dashboard text of the language, for the templates (`{{t.dashboardProfile}}`).
    private let textContext: [String: String]
    private let library: MustacheLibrary
    private let profileJSON: ProfileJSON
    private var cached: (version: HistoryVersion?, at: Date, model: DashboardModel, json: String)?
    private var building: Task<(model: DashboardModel, json: String), any Error>?
    /// Emptied whenever the model is fitted again.
    private var contexts: [String: [String: Any]] = [:]
    /// The timeline's sessions, days and weeks are counted back from now: refit at least this often.
    static let freshness: TimeInterval = 60

    init(history: any DashboardHistory, range: NoteRange, configuration: @escaping @Sendable () -> String, csrf: String, uploadLimit: Int,
         live: LiveStatus, texts: Texts, calendar: any TrainingCalendar, profileJSON: @escaping ProfileJSON) throws {
        self.live = live
        self.calendar = calendar
        self.texts = texts
        textContext = Dictionary(uniqueKeysWithValues: WebText.allCases.filter { $0.rawValue.hasPrefix("dashboard") }
            .map { ($0.rawValue, texts.text($0)) })
        self.history = history
        self.range = range
        self.configuration = configuration
        self.csrf = csrf
        self.uploadLimit = uploadLimit
        self.profileJSON = profileJSON
        var library = MustacheLibrary()
        for (name, text) in PageTemplates.all { try library.register(text, named: name) }
        self.library = library
    }

    /// The model and the profile JSON of the history as it is: made again when the history changed
    /// or the freshness ran out, by one build at a time (a request meanwhile waits for that build);
    /// the history is read off the main actor, so no page waits for the read.
    private func current() async throws -> (model: DashboardModel, json: String) {
        let history = history, range = range, calendar = calendar
        let version = try await Self.blocking { try history.version() }
        if let cached, cached.version == version, Date().timeIntervalSince(cached.at) < Self.freshness {
            return (cached.model, cached.json)
        }
        if let building { return try await building.value }
        // A stale model is never served again: let it go before the new one is built, so that the
        // two are not in memory at once.
        cached = nil
        contexts = [:]
        let profileJSON = profileJSON
        let build = Task { @MainActor in
            let now = Date()
            // One pass over the history (or over its last month, see `DigestCheckpoints`), an answer
            // at a time: the model keeps bins and running means.
            let digest = try await Self.blocking { try history.digest(now: now, calendar: calendar, range: range) }
            let profile = PerceptualProfile(digest)
            let model = DashboardModel(digest: digest, profile: profile, range: range, texts: self.texts, calendar: calendar)
            let json = try profileJSON(digest, profile, range)
            // Fresh from when the fit is done, not from when it began: with a large history the fit
            // itself can take longer than the freshness, and every request would then fit again.
            self.cached = (version, Date(), model, json)
            self.contexts = [:]
            return (model: model, json: json)
        }
        building = build
        defer { building = nil }
        return try await build.value
    }

    /// `work` on a thread of its own: reading the history blocks on SQLite.
    static func blocking<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
        }
    }

    /// Every page starts with the box's live line as it is now; the event stream keeps it current.
    func render(_ template: String, _ context: [String: Any]) -> String {
        let common: [String: Any] = ["live": live.read(texts), "t": textContext, "lang": texts.language.rawValue]
        return library.render(context.merging(common) { page, _ in page }, withTemplate: template) ?? ""
    }

    /// A page's context, made once per fitted model: the trends and intervals it shows cost fits.
    private func context(_ page: String, _ make: (DashboardModel) -> [String: Any]) async throws -> [String: Any] {
        let model = try await current().model
        if let made = contexts[page] { return made }
        let context = make(model)
        contexts[page] = context
        return context
    }

    func profile() async throws -> String { render("profile", try await context("profile") { $0.profilePage }) }
    func progress() async throws -> String { render("progress", try await context("progress") { $0.progressPage }) }
    func matching() async throws -> String { render("matching", try await context("matching") { $0.matchingPage }) }
    func profileDocument() async throws -> String { try await current().json }

    func history(mode: TrainingMode?) async throws -> String {
        let history = history
        let records = try await Self.blocking { try history.latest(limit: mode == nil ? 100 : 2000) }
            .filter { mode == nil || HistoryRows.mode(of: $0) == mode }.prefix(100)
        let choices: [[String: Any]] = [["value": "", "name": texts.text(.dashboardEveryMode), "selected": mode == nil]]
            + TrainingMode.allCases.map { ["value": $0.rawValue, "name": texts.name($0), "selected": $0 == mode] }
        let rows = records.map { HistoryRows.row($0, texts: texts, calendar: calendar) }
        return render("history", ["title": texts.text(.dashboardHistory), "choices": choices, "records": rows, "hasRecords": !rows.isEmpty,
                                  "filtered": mode != nil])
    }

    func data() -> String {
        render("data", ["title": texts.text(.dashboardData), "csrf": csrf, "settings": configuration(),
                        "importRule": texts.text(.dashboardImportRule, Self.size(uploadLimit, texts))])
    }

    /// The settings page with `context` (`SettingsPage`) and this server's CSRF value.
    func settings(_ context: [String: Any]) -> String {
        var context = context
        context["csrf"] = csrf
        return render("settings", context)
    }

    /// A settings form refused before it was read (its CSRF value, its origin, its size).
    func settingsRefused(_ text: String) -> String {
        // not a text: "text" is the template's variable name
        render("message", ["title": texts.text(.dashboardSettingsNotSavedTitle), "text": text, "ok": false, "back": "/settings"])
    }

    func message(_ text: String, ok: Bool) -> String {
        // not a text: "text" is the template's variable name
        render("message", ["title": texts.text(ok ? .dashboardImported : .dashboardNotImported), "text": text, "ok": ok, "back": "/data"])
    }

    /// "8 MB", "0,5 MB": a size in megabytes (2²⁰ bytes), whole when it is.
    nonisolated static func size(_ bytes: Int, _ texts: Texts) -> String {
        let megabytes = Double(bytes) / 1_048_576
        return texts.text(.dashboardMegabytes, Decimals(megabytes, megabytes == megabytes.rounded() ? 0 : 1))
    }
}

/// One line of the history page.
enum HistoryRows {
    /// Nil for the iOS app's rhythm answers, which are listed with every mode only.
    static func mode(of record: Answer) -> TrainingMode? {
        switch record {
        case .compare(let answer): answer.mode
        case .match(let attempt): attempt.mode
        case .timing(let answer): answer.mode
        case .gapFill(let trial): trial.mode
        }
    }

    static func row(_ record: Answer, texts: Texts, calendar: any TrainingCalendar) -> [String: Any] {
        let time = calendar.localTime(of: record.timestamp).dateAndTime
        switch record {
        case .compare(let answer):
            return ["time": time, "mode": texts.name(answer.mode), "notes": texts.notes(answer.referenceNote, answer.targetNote, answer.interval),
                    "cents": texts.text(.dashboardCents, Decimals(answer.centOffset.rawValue, 2, signed: true)),
                    "result": texts.text(answer.isCorrect ? .historyRight : .historyWrong)]
        case .match(let attempt):
            return ["time": time, "mode": texts.name(attempt.mode), "notes": texts.notes(attempt.referenceNote, attempt.targetNote, attempt.interval),
                    "cents": texts.text(.dashboardCents, Decimals(attempt.userCentError.rawValue, 2, signed: true)),
                    "result": texts.name(attempt.result)]
        case .timing(let answer):
            return ["time": time, "mode": texts.name(answer.mode), "notes": texts.text(.tempoBPM, answer.tempo.rawValue),
                    "cents": texts.text(.dashboardMilliseconds, Decimals(answer.offsetMs, 1, signed: true)),
                    "result": texts.text(answer.isCorrect ? .historyRight : .historyWrong)]
        case .gapFill(let answer):
            return ["time": time, "mode": texts.name(answer.mode), "notes": texts.text(.tempoBPM, answer.tempo.rawValue),
                    "cents": texts.text(.dashboardMilliseconds, Decimals(answer.meanOffsetMs, 1, signed: true)),
                    "result": ""]
        }
    }
}
