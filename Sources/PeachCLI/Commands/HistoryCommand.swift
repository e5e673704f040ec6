import ArgumentParser
import Foundation
import PeachDomain
import PeachStorage

struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show your latest answers, newest first.")

    @OptionGroup var store: StoreOptions

    @Option(help: "How many answers to show.")
    var limit = 20

    @Flag(help: "Print a JSON array with the CSV format's field names.")
    var json = false

    func validate() throws {
        guard limit > 0 else { throw ValidationError("--limit must be at least 1, not \(limit)") }
    }

    func run() throws {
        let records = try store.openStore(create: false)?.latest(limit: limit) ?? []
        try StandardOutput.write((json ? try HistoryReport.json(records) : HistoryReport.text(records)) + "\n")
    }
}
