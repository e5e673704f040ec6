import ArgumentParser
import Foundation
import PeachConfig
import PeachDomain

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
        // One answer at a time from the store: the report keeps counts and bins, not the answers.
        var digest = HistoryDigest(now: Date())
        try history?.forEachAnswer(comparison: { digest.add($0) }, pitchMatching: { digest.add($0) })
        let read = digest
        // Commands run on the main thread; the profile is main-actor state like in `peach run`.
        let text = try MainActor.assumeIsolated {
            let report = ProfileReport(digest: read, range: range)
            return json ? try report.json() : report.text()
        }
        print(text)
    }
}
