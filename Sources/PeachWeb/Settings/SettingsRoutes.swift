import Foundation
import Hummingbird
import PeachText

/// The settings page's routes: GET shows it and never changes anything; POST `/settings` saves a
/// form, POST `/settings/test-note` asks the box for a note. Each POST needs this server's CSRF value
/// and, when the browser sends one, an Origin of this very host (the access guard before them
/// wants the access token on any listener that is not loopback). A refused POST changes nothing.
struct SettingsRoutes: Sendable {
    /// A settings form is a few kilobytes; anything larger is not one.
    static let formLimit = 64 << 10

    let pages: DashboardPages
    let page: SettingsPage
    let csrf: String
    let texts: Texts

    func add(to router: Router<BasicRequestContext>) {
        let routes = self
        router.get("/settings") { _, _ in
            let (current, _) = try routes.page.load()
            let context = SettingsPageModel(page: routes.page, result: current, choices: routes.page.choices(current)).context
            return DashboardRoutes.html(await routes.pages.settings(context))
        }
        router.post("/settings") { request, _ in
            try await routes.receive(request) { form in
                let (context, _) = try routes.page.apply(form)
                return (context, context["hasProblems"] == nil ? .ok : .badRequest)
            }
        }
        router.post("/settings/test-note") { request, _ in
            try await routes.receive(request) { form in
                let context = try routes.page.testNote(form)
                return (context, context["hasProblems"] == nil ? .ok : .badRequest)
            }
        }
    }

    /// The form, if it is this server's and from this host; else 403 and nothing done.
    private func receive(_ request: Request,
                         _ handle: (SettingsFormBody) throws -> (context: [String: Any], status: HTTPResponse.Status)) async throws -> Response {
        if let origin = request.headers[.origin], let host = request.head.authority,
           origin != "http://\(host)" && origin != "https://\(host)" {
            return await refused(.dashboardUploadForeign, status: .forbidden)
        }
        let form: SettingsFormBody
        do {
            form = try await SettingsFormBody.read(request.body, contentType: request.headers[.contentType], limit: Self.formLimit)
        } catch SettingsFormBody.Failure.tooLarge {
            return await refused(.dashboardSettingsFormTooLarge, status: .contentTooLarge)
        } catch {
            return await refused(.dashboardSettingsExpired, status: .forbidden)
        }
        guard let sent = form.value("csrf"), sent == csrf else { return await refused(.dashboardSettingsExpired, status: .forbidden) }
        let (context, status) = try handle(form)
        return DashboardRoutes.html(await pages.settings(context), status: status)
    }

    private func refused(_ key: WebText, status: HTTPResponse.Status) async -> Response {
        DashboardRoutes.html(await pages.settingsRefused(texts.text(key)), status: status)
    }
}
