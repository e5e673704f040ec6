import ArgumentParser
import Foundation
import PeachReports
import PeachOptions
import PeachConfig
import PeachDomain
import PeachText

struct ProfileCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "profile",
            abstract: CommandLineTexts.current.text(.helpProfileAbstract),
            discussion: CommandLineTexts.current.text(.helpProfileDiscussion))
    }

    @OptionGroup var store: HistoryOptions
    @OptionGroup var config: ConfigOptions

    @Flag(help: ArgumentHelp(CommandLineTexts.current.text(.helpProfileJson)))
    var json = false

    func run() throws {
        let range = try config.trainingSettings(data: store.location).noteRange
        let history = try store.openStore(create: false)
        // One answer at a time from the store: the report keeps counts and bins, not the answers.
        var digest = HistoryDigest(now: Date(), calendar: SystemCalendar())
        try history?.forEachAnswer(comparison: { digest.add($0) }, pitchMatching: { digest.add($0) })
        try history?.forEachRhythmAnswer(timing: { digest.add($0) }, gapFill: { digest.add($0) })
        let read = digest
        // Commands run on the main thread; the profile is main-actor state like in `peach run`.
        let text = try MainActor.assumeIsolated {
            let report = ProfileReport(digest: read, range: range)
            return json ? try report.json() : report.text(CommandLineTexts.current)
        }
        print(text)
    }
}
