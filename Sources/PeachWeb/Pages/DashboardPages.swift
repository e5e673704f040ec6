import Foundation
import Mustache
import PeachDomain
import PeachStorage

/// Renders the dashboard's pages from the history. The fitted model is rebuilt only when the
/// number of stored answers changes, so a phone reloading the page costs a template render.
@MainActor
final class DashboardPages {
    /// `peach profile --json` for this history: given by the command line, which owns that report.
    typealias ProfileJSON = DashboardServer.ProfileJSON

    let history: any DashboardHistory
    let range: NoteRange
    let configuration: String
    let csrf: String
    let uploadLimit: Int
    let live: LiveStatus
    private let library: MustacheLibrary
    private let profileJSON: ProfileJSON
    private var cached: (key: String, at: Date, model: DashboardModel, json: String)?
    /// Emptied whenever the model is fitted again.
    private var contexts: [String: [String: Any]] = [:]
    /// The timeline's sessions, days and weeks are counted back from now: refit at least this often.
    static let freshness: TimeInterval = 60

    init(history: any DashboardHistory, range: NoteRange, configuration: String, csrf: String, uploadLimit: Int,
         live: LiveStatus, profileJSON: @escaping ProfileJSON) throws {
        self.live = live
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

    private func current() throws -> (model: DashboardModel, json: String) {
        let counts = try history.counts()
        let key = "\(counts.comparisons)/\(counts.pitchMatchings)"
        let now = Date()
        if let cached, cached.key == key, now.timeIntervalSince(cached.at) < Self.freshness { return (cached.model, cached.json) }
        // One pass over the history, an answer at a time: the model keeps bins and running means.
        var digest = HistoryDigest(now: now, progressRange: range)
        try history.read(into: &digest)
        let model = DashboardModel(digest: digest, range: range)
        let json = try profileJSON(digest, range)
        // Fresh from when the fit is done, not from when it began: with a large history the fit
        // itself can take longer than the freshness, and every request would then fit again.
        cached = (key, Date(), model, json)
        contexts = [:]
        return (model, json)
    }

    /// Every page starts with the box's live line as it is now; the event stream keeps it current.
    func render(_ template: String, _ context: [String: Any]) -> String {
        library.render(context.merging(["live": live.read()]) { page, _ in page }, withTemplate: template) ?? ""
    }

    /// A page's context, made once per fitted model: the trends and intervals it shows cost fits.
    private func context(_ page: String, _ make: (DashboardModel) -> [String: Any]) throws -> [String: Any] {
        let model = try current().model
        if let made = contexts[page] { return made }
        let context = make(model)
        contexts[page] = context
        return context
    }

    func profile() throws -> String { render("profile", try context("profile") { $0.profilePage }) }
    func progress() throws -> String { render("progress", try context("progress") { $0.progressPage }) }
    func matching() throws -> String { render("matching", try context("matching") { $0.matchingPage }) }
    func profileDocument() throws -> String { try current().json }

    func history(mode: TrainingMode?) throws -> String {
        let records = try history.latest(limit: mode == nil ? 100 : 2000)
            .filter { mode == nil || HistoryRows.mode(of: $0) == mode }.prefix(100)
        let choices: [[String: Any]] = [["value": "", "name": "every mode", "selected": mode == nil]]
            + TrainingMode.allCases.map { ["value": $0.rawValue, "name": $0.displayName, "selected": $0 == mode] }
        let rows = records.map(HistoryRows.row)
        return render("history", ["title": "History", "choices": choices, "records": rows, "hasRecords": !rows.isEmpty,
                                  "filtered": mode != nil])
    }

    func data() -> String {
        render("data", ["title": "Data", "csrf": csrf, "configuration": configuration,
                        "uploadLimit": ByteCountFormatter.string(fromByteCount: Int64(uploadLimit), countStyle: .file)])
    }

    func message(_ text: String, ok: Bool) -> String {
        render("message", ["title": ok ? "Imported" : "Not imported", "text": text, "ok": ok])
    }
}

/// One line of the history page.
enum HistoryRows {
    static func mode(of record: TrainingRecord) -> TrainingMode {
        switch record {
        case .comparison(let answer): answer.mode
        case .pitchMatching(let attempt): attempt.mode
        }
    }

    static func row(_ record: TrainingRecord) -> [String: Any] {
        let time = record.timestamp.formatted(.iso8601.year().month().day().dateSeparator(.dash).time(includingFractionalSeconds: false))
        switch record {
        case .comparison(let answer):
            return ["time": time, "mode": answer.mode.displayName, "notes": notes(answer.referenceNote, answer.targetNote, answer.interval),
                    "cents": String(format: "%+.2f ct", answer.centOffset.rawValue), "result": answer.isCorrect ? "right" : "wrong"]
        case .pitchMatching(let attempt):
            return ["time": time, "mode": attempt.mode.displayName, "notes": notes(attempt.referenceNote, attempt.targetNote, attempt.interval),
                    "cents": String(format: "%+.2f ct", attempt.userCentError.rawValue),
                    "result": PitchMatchingFeedback(error: attempt.userCentError).rawValue]
        }
    }

    private static func notes(_ reference: MIDINote, _ target: MIDINote, _ interval: DirectedInterval) -> String {
        interval == .prime ? reference.name : "\(reference.name)→\(target.name) \(interval)"
    }
}
