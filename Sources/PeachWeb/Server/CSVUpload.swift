import Foundation
import Hummingbird
import PeachDomain
import PeachStorage

/// The import form's POST: the same parsing, validation and all-or-nothing rule as `peach import`.
struct CSVUpload: Sendable {
    let pages: DashboardPages
    let history: any DashboardHistory
    let csrf: String
    let limit: Int

    func receive(_ request: Request, context: some RequestContext) async throws -> Response {
        if let origin = request.headers[.origin], let host = request.head.authority,
           origin != "http://\(host)" && origin != "https://\(host)" {
            return DashboardRoutes.html(await pages.message("This form may only be sent from the dashboard itself.", ok: false),
                                        status: .forbidden)
        }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: limit)
        } catch {
            let limitText = ByteCountFormatter.string(fromByteCount: Int64(limit), countStyle: .file)
            return DashboardRoutes.html(await pages.message("The file is larger than \(limitText); nothing changed.", ok: false),
                                        status: .contentTooLarge)
        }
        guard let form = MultipartForm(body: Array(buffer: body), contentType: request.headers[.contentType] ?? ""),
              form.text("csrf") == csrf else {
            return DashboardRoutes.html(await pages.message("The form has expired: reload the Data page and send it again.", ok: false),
                                        status: .forbidden)
        }
        let replace = form.text("replace") == "1"
        let name = "the uploaded file"
        guard let bytes = form.fields["file"], let text = String(validating: bytes, as: UTF8.self) else {
            return await failure("\(name) is not UTF-8 text; is it really a CSV export?")
        }
        let parsed: CSVImportResult
        do {
            parsed = try TrainingDataCSV.parse(text)
        } catch {
            return await failure("\(name) was not imported, nothing changed:\n" + error.description)
        }
        if replace && parsed.comparisons.isEmpty && parsed.pitchMatchings.isEmpty {
            return await failure("\(name) holds no pitch answers, so replacing would only delete your history; nothing changed.")
        }
        let summary: ImportSummary
        do {
            summary = try history.importRecords(comparisons: parsed.comparisons, pitchMatchings: parsed.pitchMatchings,
                                                mode: replace ? .replace : .merge)
        } catch {
            return await failure("\(error)")
        }
        var report = "Imported \(summary.comparisonsAdded) comparisons and \(summary.pitchMatchingsAdded) "
            + "pitch-matching attempts from \(name) (format \(parsed.formatVersion))"
        if replace { report += ", replacing the previous history" }
        report += "."
        if summary.duplicatesSkipped > 0 { report += " Skipped \(summary.duplicatesSkipped) already stored." }
        if parsed.skippedRhythmRows > 0 {
            report += " Skipped \(parsed.skippedRhythmRows) rhythm rows (Peach for Linux trains pitch only)."
        }
        return DashboardRoutes.html(await pages.message(report, ok: true))
    }

    private func failure(_ text: String) async -> Response {
        DashboardRoutes.html(await pages.message(text, ok: false), status: .badRequest)
    }
}
