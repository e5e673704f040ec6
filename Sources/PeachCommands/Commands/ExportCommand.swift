import ArgumentParser
import Foundation
import PeachOptions
import PeachStorage
import PeachText

struct ExportCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "export",
            abstract: CommandLineTexts.current.text(.helpExportAbstract))
    }

    @OptionGroup var store: HistoryOptions

    @Option(name: .shortAndLong, help: ArgumentHelp(CommandLineTexts.current.text(.helpExportOutput), valueName: CommandLineTexts.current.text(.valueFile)))
    var output: String?

    func run() throws {
        let history = try store.openStore(create: false)
        // Written as it is read, a piece at a time: a long history is never in memory as a whole.
        let export = { (emit: (String) throws -> Void) throws in
            if let history {
                try history.exportCSV(emit: emit)
            } else {
                try emit(HistoryCSV.export(compareAnswers: [], matchAnswers: []))
            }
        }
        guard let output else {
            try export { try StandardOutput.write($0) }
            return
        }
        try OutputFile.write(to: output) { write in try export { try write(Data($0.utf8)) } }
    }
}
