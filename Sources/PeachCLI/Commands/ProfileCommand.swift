import ArgumentParser
import Foundation

struct ProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Show your hearing profile: per-note thresholds, matching accuracy, progress per mode.")

    @OptionGroup var store: StoreOptions

    @Flag(help: "Print JSON instead of the chart.")
    var json = false

    func run() throws {
        let history = try store.openStore(create: false)
        let report = ProfileReport(comparisons: try history?.allComparisons() ?? [],
                                   pitchMatchings: try history?.allPitchMatchings() ?? [], now: Date())
        print(json ? try report.json() : report.text())
    }
}
