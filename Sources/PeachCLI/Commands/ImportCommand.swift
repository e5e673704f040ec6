import ArgumentParser
import Foundation
import PeachStorage

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Add answers from a CSV file of the iOS app (formats 1, 2 and 3).",
        discussion: """
            All or nothing: if any row is bad, every bad row is listed with its line number and \
            nothing is imported. Without --replace, answers already stored are skipped.
            """)

    @OptionGroup var store: StoreOptions

    @Argument(help: ArgumentHelp("The CSV file.", valueName: "file"))
    var file: String

    @Flag(help: "Replace the whole history with the file's answers instead of merging.")
    var replace = false

    func run() throws {
        let data = try InputFile.read(file, what: "a CSV file exported by Peach")
        guard let text = String(data: data, encoding: .utf8) else {
            throw CommandFailure("\(file) is not UTF-8 text; is it really a CSV export?")
        }
        let parsed: CSVImportResult
        do {
            parsed = try TrainingDataCSV.parse(text)
        } catch {
            throw CommandFailure("\(file) was not imported, nothing changed:\n" + error.description)
        }
        if replace && parsed.comparisons.isEmpty && parsed.pitchMatchings.isEmpty {
            throw CommandFailure("\(file) holds no pitch answers, so --replace would only delete your history; "
                + "nothing changed. Use `peach reset` to delete it.")
        }
        guard let history = try store.openStore(create: true) else { return }
        let summary: ImportSummary
        do {
            summary = try history.importRecords(comparisons: parsed.comparisons, pitchMatchings: parsed.pitchMatchings,
                                                mode: replace ? .replace : .merge)
        } catch {
            throw CommandFailure(error.description)
        }
        var report = "Imported \(summary.comparisonsAdded) comparisons and \(summary.pitchMatchingsAdded) "
            + "pitch-matching attempts from \(file) (format \(parsed.formatVersion))"
        if replace { report += ", replacing the previous history" }
        report += "."
        if summary.duplicatesSkipped > 0 { report += " Skipped \(summary.duplicatesSkipped) already stored." }
        if parsed.skippedRhythmRows > 0 {
            report += " Skipped \(parsed.skippedRhythmRows) rhythm rows (Peach for Linux trains pitch only)."
        }
        print(report)
    }
}
