import ArgumentParser
import Foundation
import PeachOptions
import PeachText

/// `peach web`: the dashboard. Parsed here (so `peach --help` lists it and its options are checked
/// in the command line's words), then handed to its own program, `peach-web`, which replaces this
/// process: the dashboard then holds none of the sound, MIDI, speech and udev layers, nor the C
/// libraries behind them (about 10 MB of a phone-sized server's memory).
struct WebCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "web",
            abstract: CommandLineTexts.current.text(.helpWebAbstract),
            discussion: CommandLineTexts.current.text(.helpWebDiscussion))
    }

    @OptionGroup var options: WebOptions

    func run() throws {
        let candidates = Self.dashboardPrograms()
        guard let program = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw CommandFailure(CommandLineTexts.current.text(.webProgramMissing, candidates.joined(separator: ", ")))
        }
        let arguments = [program] + options.arguments
        fflush(nil)
        var argv = arguments.map { strdup($0) } + [nil]
        execv(program, &argv)
        let reason = SystemWords.text(code: errno, CommandLineTexts.current)
        throw CommandFailure(CommandLineTexts.current.text(.webProgramNotStarted, program, reason))
    }

    /// Where `peach-web` is looked for: beside this executable (the build directory), then in
    /// `../libexec` next to it (`make install`).
    static func dashboardPrograms(executable: String = "/proc/self/exe") -> [String] {
        let binary = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        return [binary.appendingPathComponent("peach-web").path,
                binary.deletingLastPathComponent().appendingPathComponent("libexec/peach-web").path]
    }
}
