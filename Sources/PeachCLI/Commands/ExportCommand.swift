import ArgumentParser
import Foundation
import PeachStorage
import PeachText

struct ExportCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "export",
            abstract: CommandLineTexts.current.text(.helpExportAbstract))
    }

    @OptionGroup var store: StoreOptions

    @Option(name: .shortAndLong, help: ArgumentHelp(CommandLineTexts.current.text(.helpExportOutput), valueName: "file"))
    var output: String?

    func run() throws {
        let history = try store.openStore(create: false)
        let text = TrainingDataCSV.export(comparisons: try history?.allComparisons() ?? [],
                                          pitchMatchings: try history?.allPitchMatchings() ?? [])
        guard let output else {
            try StandardOutput.write(text)
            return
        }
        try OutputFile.write(Data(text.utf8), to: output)
    }
}
