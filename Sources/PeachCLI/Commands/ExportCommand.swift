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
        // Written as it is read, a piece at a time: a long history is never in memory as a whole.
        let export = { (emit: (String) throws -> Void) throws in
            if let history {
                try history.exportCSV(emit: emit)
            } else {
                try emit(TrainingDataCSV.export(comparisons: [], pitchMatchings: []))
            }
        }
        guard let output else {
            try export { try StandardOutput.write($0) }
            return
        }
        try OutputFile.write(to: output) { write in try export { try write(Data($0.utf8)) } }
    }
}
