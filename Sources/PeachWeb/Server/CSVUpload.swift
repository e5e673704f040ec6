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
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: limit)
        } catch {
            let limitText = DashboardPages.size(limit, texts)
            return DashboardRoutes.html(await pages.message(texts.text(.dashboardUploadTooLarge, limitText), ok: false),
                                        status: .contentTooLarge)
        }
        guard let form = MultipartForm(body: Array(buffer: body), contentType: request.headers[.contentType] ?? ""),
              form.text("csrf") == csrf else {
            return DashboardRoutes.html(await pages.message(texts.text(.dashboardUploadExpired), ok: false),
                                        status: .forbidden)
        }
        let replace = form.text("replace") == "1"
        let name = texts.text(.dashboardUploadedFile)
        // A browser sends the file field with an empty file name and no bytes when none was chosen.
        guard let bytes = form.fields["file"], !bytes.isEmpty || form.fileNames["file"]?.isEmpty == false else {
            return await failure(texts.text(.dashboardUploadNoFile))
        }
        let parsed: CSVImportResult
        do {
            parsed = try TrainingDataCSV.parse(bytes)
        } catch {
            return await failure(texts.text(.importNotImported, name, error.description))
        }
        if replace && parsed.comparisons.isEmpty && parsed.pitchMatchings.isEmpty {
            return await failure(texts.text(.dashboardUploadReplaceWithNothing, name))
        }
        let summary: ImportSummary
        do {
            summary = try history.importRecords(comparisons: parsed.comparisons, pitchMatchings: parsed.pitchMatchings,
                                                mode: replace ? .replace : .merge)
        } catch {
            return await failure("\(error)")
        }
        var report = texts.text(replace ? .importDoneReplacing : .importDone, summary.comparisonsAdded,
                                summary.pitchMatchingsAdded, name, parsed.formatVersion)
        if summary.duplicatesSkipped > 0 { report += texts.text(.importDuplicatesSkipped, summary.duplicatesSkipped) }
        if parsed.skippedRhythmRows > 0 { report += texts.text(.importRhythmSkipped, parsed.skippedRhythmRows) }
        return DashboardRoutes.html(await pages.message(report, ok: true))
    }

    private func failure(_ text: String) async -> Response {
        DashboardRoutes.html(await pages.message(text, ok: false), status: .badRequest)
    }
}
