import ArgumentParser
import Foundation
import PeachOptions
import PeachStorage
import PeachText

struct ImportCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "import",
            abstract: CommandLineTexts.current.text(.helpImportAbstract),
            discussion: CommandLineTexts.current.text(.helpImportDiscussion))
    }

    @OptionGroup var store: HistoryOptions

    @Argument(help: ArgumentHelp(CommandLineTexts.current.text(.helpImportFile), valueName: CommandLineTexts.current.text(.valueFile)))
    var file: String

    @Flag(help: ArgumentHelp(CommandLineTexts.current.text(.helpImportReplace)))
    var replace = false

    func run() throws {
        let texts = CommandLineTexts.current
        try InputFile.checkRegular(file, what: texts.text(.importWhatFile))
        guard let history = try store.openStore(create: true) else { return }
        let result: CSVFileImport
        do {
            result = try history.importCSV(URL(fileURLWithPath: file), mode: replace ? .replace : .merge)
        } catch let error as CSVImportError {
            throw CommandFailure(texts.text(.importNotImported, file, texts.describe(error)))
        } catch CSVFileImportRefusal.replaceWithNothing {
            throw CommandFailure(texts.text(.importReplaceWithNothing, file))
        } catch CSVFileImportRefusal.unreadable(let reason) {
            throw CommandFailure(texts.text(.importUnreadable, file, SystemWords.text(reason, texts)))
        } catch {
            throw CommandFailure(CommandLineTexts.current.describe(error))
        }
        let summary = result.summary
        var report = texts.text(replace ? .importDoneReplacing : .importDone, summary.compareAnswersAdded,
                                summary.matchAnswersAdded, file, "\(result.formatVersion)")
        if summary.rhythmAnswersAdded > 0 {
            report += texts.text(.importRhythmAnswers, summary.rhythmAnswersAdded, summary.timingAnswersAdded,
                                 summary.gapFillAnswersAdded)
        }
        if summary.duplicatesSkipped > 0 { report += texts.text(.importDuplicatesSkipped, summary.duplicatesSkipped) }
        try StandardOutput.write(report + "\n")
    }
}
