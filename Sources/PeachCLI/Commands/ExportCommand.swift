import ArgumentParser
import Foundation
import PeachStorage

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every answer as CSV in the iOS app's format 3.")

    @OptionGroup var store: StoreOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
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
