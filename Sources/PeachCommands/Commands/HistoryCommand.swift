import ArgumentParser
import Foundation
import PeachReports
import PeachOptions
import PeachDomain
import PeachStorage
import PeachText

struct HistoryCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "history",
            abstract: CommandLineTexts.current.text(.helpHistoryAbstract))
    }

    @OptionGroup var store: HistoryOptions

    @Option(parsing: .unconditional, help: ArgumentHelp(CommandLineTexts.current.text(.helpHistoryLimit)))
    var limit = 20

    @Flag(help: ArgumentHelp(CommandLineTexts.current.text(.helpHistoryJson)))
    var json = false

    func validate() throws {
        guard limit > 0 else { throw ValidationError(CommandLineTexts.current.text(.messageLimitTooSmall, limit)) }
    }

    func run() throws {
        let records = try store.openStore(create: false)?.latest(limit: limit) ?? []
        try StandardOutput.write((json ? try HistoryReport.json(records) : HistoryReport.text(records, texts: CommandLineTexts.current, calendar: SystemCalendar())) + "\n")
    }
}
