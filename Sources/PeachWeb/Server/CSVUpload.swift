import Foundation
import Hummingbird
import PeachDomain
import PeachStorage
import PeachText

/// The import form's POST: the same parsing, validation and all-or-nothing rule as `peach import`.
struct CSVUpload: Sendable {
    let pages: DashboardPages
    let history: any DashboardHistory
    let csrf: String
    let limit: Int
    let texts: Texts

    func receive(_ request: Request, context: some RequestContext) async throws -> Response {
        if let origin = request.headers[.origin], let host = request.head.authority,
           origin != "http://\(host)" && origin != "https://\(host)" {
            return DashboardRoutes.html(await pages.message(texts.text(.dashboardUploadForeign), ok: false),
                                        status: .forbidden)
        }
        let form: UploadForm
        do {
            form = try await UploadForm.read(request.body, contentType: request.headers[.contentType], limit: limit)
        } catch UploadForm.Failure.tooLarge {
            let limitText = DashboardPages.size(limit, texts)
            return DashboardRoutes.html(await pages.message(texts.text(.dashboardUploadTooLarge, limitText), ok: false),
                                        status: .contentTooLarge)
        } catch UploadForm.Failure.malformed {
            return await expired()
        }
        guard form.text("csrf") == csrf else { return await expired() }
        let replace = form.text("replace") == "1"
        let name = texts.text(.dashboardUploadedFile)
        // A browser sends the file field with an empty file name and no bytes when none was chosen.
        guard let file = form.part("file"), file.body.readableBytes > 0 || UploadForm.namesFile(file) else {
            return await failure(texts.text(.dashboardUploadNoFile))
        }
        let parsed: CSVImportResult
        do {
            parsed = try HistoryCSV.parse(Array(buffer: file.body))
        } catch {
            return await failure(texts.text(.importNotImported, name, error.description))
        }
        if replace && parsed.isEmpty {
            return await failure(texts.text(.dashboardUploadReplaceWithNothing, name))
        }
        let summary: ImportSummary
        do {
            summary = try history.importRecords(parsed, mode: replace ? .replace : .merge)
        } catch {
            return await failure("\(error)")
        }
        var report = texts.text(replace ? .importDoneReplacing : .importDone, summary.compareAnswersAdded,
                                summary.matchAnswersAdded, name, parsed.formatVersion)
        if summary.rhythmAnswersAdded > 0 {
            report += texts.text(.importRhythmAnswers, summary.rhythmAnswersAdded, summary.timingAnswersAdded,
                                 summary.gapFillAnswersAdded)
        }
        if summary.duplicatesSkipped > 0 { report += texts.text(.importDuplicatesSkipped, summary.duplicatesSkipped) }
        return DashboardRoutes.html(await pages.message(report, ok: true))
    }

    /// A form without this server's CSRF value, or not a form: sent from a page of an earlier run,
    /// from elsewhere, or broken on the way.
    private func expired() async -> Response {
        DashboardRoutes.html(await pages.message(texts.text(.dashboardUploadExpired), ok: false), status: .forbidden)
    }

    private func failure(_ text: String) async -> Response {
        DashboardRoutes.html(await pages.message(text, ok: false), status: .badRequest)
    }
}
