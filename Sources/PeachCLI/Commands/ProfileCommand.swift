import ArgumentParser
import Foundation
import PeachConfig

struct ProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Show your hearing profile: fitted thresholds per mode and key, tuning accuracy, trends.",
        discussion: """
            A threshold is the offset you answer correctly 75 % of the time, fitted to your answers \
            (recent ones count more) with its 95 % interval; "not enough answers yet" until the interval \
            is narrow enough to mean something. The keys shown are the configured note range.
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var config: ConfigOptions

    @Flag(help: "Print JSON instead of the chart.")
    var json = false

    func run() throws {
        let range = try config.trainingSettings().noteRange
        let history = try store.openStore(create: false)
        let comparisons = try history?.allComparisons() ?? []
        let pitchMatchings = try history?.allPitchMatchings() ?? []
        // Commands run on the main thread; the profile is main-actor state like in `peach run`.
        let text = try MainActor.assumeIsolated {
            let report = ProfileReport(comparisons: comparisons, pitchMatchings: pitchMatchings, range: range, now: Date())
            return json ? try report.json() : report.text()
        }
        print(text)
    }
}
