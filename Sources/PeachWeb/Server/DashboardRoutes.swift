import Foundation
import Hummingbird
import PeachDomain
import PeachStorage

/// The dashboard's routes. GET never changes anything; the POSTs (import, settings) need the form's
/// CSRF value and, when the browser sends one, an Origin of this very host.
struct DashboardRoutes: Sendable {
    let pages: DashboardPages
    let history: any DashboardHistory
    let settings: DashboardServer.Settings
    let csrf: String
    /// Nil without a settings file (no data directory given): no settings page.
    let settingsPage: SettingsPage?

    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        // not a text: a media type
        Response(status: status, headers: [.contentType: "text/html; charset=utf-8"],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    static func bytes(_ text: String, type: String, headers extra: HTTPFields = [:]) -> Response {
        var headers: HTTPFields = [.contentType: type]
        headers.append(contentsOf: extra)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    func add(to router: Router<BasicRequestContext>) {
        let pages = pages, history = history, settings = settings, csrf = csrf
        router.get("/") { _, _ in Self.html(try await pages.profile()) }
        router.get("/progress") { _, _ in Self.html(try await pages.progress()) }
        router.get("/matching") { _, _ in Self.html(try await pages.matching()) }
        router.get("/history") { request, _ in
            let mode = request.uri.queryParameters["mode"].flatMap { TrainingMode(rawValue: String($0)) }
            return Self.html(try await pages.history(mode: mode))
        }
        router.get("/data") { _, _ in Self.html(await pages.data()) }
        // Exactly `peach profile --json` (which prints a final newline) and `peach export`.
        router.get("/api/profile") { _, _ in
            Self.bytes(try await pages.profileDocument() + "\n", type: "application/json")
        }
        router.get("/export.csv") { _, _ in
            // A history that cannot be read is said (500, with the file and the reason) before the
            // download's 200 is sent, not left as a download that breaks off.
            _ = try await DashboardPages.blocking { try history.version() }
            return CSVDownload(history: history).response()
        }
        router.post("/import") { request, context in
            try await CSVUpload(pages: pages, history: history, csrf: csrf, limit: settings.uploadLimit, texts: settings.texts)
                .receive(request, context: context)
        }
        if let settingsPage {
            SettingsRoutes(pages: pages, page: settingsPage, csrf: csrf, texts: settings.texts).add(to: router)
        }
        router.get("/live.js") { _, _ in
            // not a text: a media type
            Self.bytes(LiveStatus.script, type: "text/javascript; charset=utf-8")
        }
        router.get("/events") { _, _ in
            LiveStatus(file: settings.liveStatusFile).eventStream(settings.texts)
        }
    }
}
