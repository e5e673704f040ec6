import ArgumentParser
import Foundation

struct ResetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: "Delete your whole training history.",
        discussion: "Asks for confirmation on a terminal; without a terminal, --yes is required.")

    @OptionGroup var store: StoreOptions

    @Flag(help: "Do not ask for confirmation.")
    var yes = false

    func run() throws {
        guard let history = try store.openStore(create: false) else {
            print("There is no training history at \(store.location.databaseURL.path).")
            return
        }
        let counts = try history.counts()
        if !yes {
            guard isatty(STDIN_FILENO) == 1 else {
                throw CommandFailure("refusing to delete \(counts.comparisons + counts.pitchMatchings) answers without confirmation: add --yes")
            }
            print("Delete \(counts.comparisons) comparisons and \(counts.pitchMatchings) pitch-matching attempts "
                  + "from \(history.location.databaseURL.path)? Type yes to confirm: ", terminator: "")
            guard readLine()?.trimmingCharacters(in: .whitespaces).lowercased() == "yes" else {
                print("Nothing deleted.")
                return
            }
        }
        try history.deleteAll()
        print("Deleted \(counts.comparisons) comparisons and \(counts.pitchMatchings) pitch-matching attempts.")
    }
}
