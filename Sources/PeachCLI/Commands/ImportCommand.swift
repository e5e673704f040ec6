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
        try InputFile.checkRegular(file, what: "a CSV file exported by Peach")
        guard let history = try store.openStore(create: true) else { return }
        let result: CSVFileImport
        do {
            result = try history.importCSV(URL(fileURLWithPath: file), mode: replace ? .replace : .merge)
        } catch let error as CSVImportError {
            throw CommandFailure("\(file) was not imported, nothing changed:\n" + error.description)
        } catch CSVFileImportRefusal.replaceWithNothing {
            throw CommandFailure("\(file) holds no pitch answers, so --replace would only delete your history; "
                + "nothing changed. Use `peach reset` to delete it.")
        } catch CSVFileImportRefusal.unreadable(let reason) {
            throw CommandFailure("cannot read \(file): \(reason); nothing changed")
        } catch {
            throw CommandFailure("\(error)")
        }
        let summary = result.summary
        var report = "Imported \(summary.comparisonsAdded) comparisons and \(summary.pitchMatchingsAdded) "
            + "pitch-matching attempts from \(file) (format \(result.formatVersion))"
        if replace { report += ", replacing the previous history" }
        report += "."
        if summary.duplicatesSkipped > 0 { report += " Skipped \(summary.duplicatesSkipped) already stored." }
        if result.skippedRhythmRows > 0 {
            report += " Skipped \(result.skippedRhythmRows) rhythm rows (Peach for Linux trains pitch only)."
        }
        try StandardOutput.write(report + "\n")
    }
}
