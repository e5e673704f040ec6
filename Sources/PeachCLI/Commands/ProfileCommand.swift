import ArgumentParser
import Foundation
import PeachConfig
import PeachText

struct ProfileCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "profile",
            abstract: CommandLineTexts.current.text(.helpProfileAbstract),
            discussion: CommandLineTexts.current.text(.helpProfileDiscussion))
    }

    @OptionGroup var store: StoreOptions
    @OptionGroup var config: ConfigOptions

    @Flag(help: ArgumentHelp(CommandLineTexts.current.text(.helpProfileJson)))
    var json = false

    func run() throws {
        let range = try config.trainingSettings().noteRange
        let history = try store.openStore(create: false)
        let comparisons = try history?.allComparisons() ?? []
        let pitchMatchings = try history?.allPitchMatchings() ?? []
        // Commands run on the main thread; the profile is main-actor state like in `peach run`.
        let text = try MainActor.assumeIsolated {
            let report = ProfileReport(comparisons: comparisons, pitchMatchings: pitchMatchings, range: range, now: Date())
            return json ? try report.json() : report.text(CommandLineTexts.current)
        }
        print(text)
    }
}
