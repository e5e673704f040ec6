import Foundation
import PeachTestSupport
import Testing

/// The real `peach`: swift-argument-parser's own words in German under LANG=de_DE.UTF-8 (help,
/// a command's help, `peach help COMMAND`, a parse error), English under LANG=C; the streams and
/// exit statuses the parser gives either way.
@Suite("peach's argument parser in German", .enabled(if: HistoryCommandsTests.binaryAvailable), .timeLimit(.minutes(2)))
struct ParserLanguageCommandLineTests {
    static func run(_ arguments: [String], _ language: String) throws -> (status: Int32, output: String, error: String) {
        let workspace = try LanguageCommandLineTests.Workspace()
        return try ProcessRunner.runApart(BuiltProgram.peach, arguments,
                                          environment: LanguageCommandLineTests.environment(workspace, ["LANG": language]))
    }

    static let englishHeadings = ["USAGE:", "OPTIONS:", "SUBCOMMANDS:", "ARGUMENTS:", "OVERVIEW:", "for detailed help",
                                  "Show help information.", "Error:", "Usage:", "for more information", "Help:"]

    @Test("peach --help, peach import --help and peach help play: German headings on standard output, status 0")
    func help() throws {
        for arguments in [["--help"], ["import", "--help"], ["help", "play"]] {
            let german = try Self.run(arguments, "de_DE.UTF-8")
            #expect(german.status == 0 && german.error.isEmpty, "\(arguments): \(german.error)")
            #expect(german.output.contains("ÜBERSICHT: ") && german.output.contains("AUFRUF: peach"), "\(german.output)")
            #expect(german.output.contains("\nOPTIONEN:\n") && german.output.contains("Hilfe anzeigen."), "\(german.output)")
            #expect(ParserVocabularyTests.english(in: german.output).isEmpty,
                    "\(arguments): \(ParserVocabularyTests.english(in: german.output)) in \(german.output)")
            let english = try Self.run(arguments, "C")
            #expect(english.status == 0 && english.error.isEmpty)
            #expect(english.output.contains("USAGE: peach") && english.output.contains("\nOPTIONS:\n"), "\(english.output)")
            #expect(english.output.contains("Show help information.") && !english.output.contains("AUFRUF"))
        }
        let root = try Self.run(["--help"], "de_DE.UTF-8").output
        #expect(root.contains("\nUNTERBEFEHLE:\n") && root.contains("'peach help <Unterbefehl>'"), "\(root)")
        #expect(try Self.run(["import", "--help"], "de_DE.UTF-8").output.contains("\nARGUMENTE:\n"))
        // Value names and decimal defaults as German writes them.
        let play = try Self.run(["play", "--help"], "de_DE.UTF-8").output
        #expect(play.contains("--duration <sekunden>") && play.contains("--sound <datei.sf2>"), "\(play)")
        #expect(play.contains("(Standard: 1,0)") && play.contains("(Standard: 440,0)") && !play.contains("(Standard: 1.0)"), "\(play)")
        let englishPlay = try Self.run(["play", "--help"], "C").output
        #expect(englishPlay.contains("--duration <seconds>") && englishPlay.contains("(default: 1.0)"), "\(englishPlay)")
        for heading in Self.englishHeadings { #expect(!root.contains(heading), "\(heading)") }
    }

    @Test("peach play reads the note as the language writes it: German H4 is English B4, German B4 is A#4")
    func germanNoteNames() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("peach-de-note-\(ProcessInfo.processInfo.processIdentifier).wav")
        defer { try? FileManager.default.removeItem(at: file) }
        for (name, hertz) in [("H4", "493,8833 Hz"), ("B4", "466,1638 Hz"), ("Es4", "311,1270 Hz")] {
            let played = try Self.run(["play", name, "--duration", "0.25", "--output", file.path], "de_DE.UTF-8")
            #expect(played.status == 0 && played.output.contains(hertz) && played.output.contains("0,25 s"), "\(played)")
        }
        let refused = try Self.run(["play", "Bb4", "--output", file.path], "de_DE.UTF-8")
        #expect(refused.status != 0 && refused.error.contains("„Bb4“ ist kein Ton") && refused.error.contains("H3"), "\(refused)")
        let english = try Self.run(["play", "B4", "--duration", "0.25", "--output", file.path], "C")
        #expect(english.status == 0 && english.output.contains("493.8833 Hz") && english.output.contains("0.25 s"), "\(english)")
    }

    @Test("a parse error: German on standard error, status 64 as the parser gives; English under LANG=C")
    func parseError() throws {
        let german = try Self.run(["import"], "de_DE.UTF-8")
        #expect(german.status == 64 && german.output.isEmpty, "\(german.output)")
        // The value's name is German too: `<datei>`, not `<file>`.
        #expect(german.error.hasPrefix("Fehler: Das Argument '<datei>' fehlt\nHilfe:  <datei>  "), "\(german.error)")
        #expect(german.error.contains("\nAufruf: peach import ") && german.error.hasSuffix("  Mehr dazu: 'peach import --help'.\n"))
        for heading in Self.englishHeadings { #expect(!german.error.contains(heading), "\(heading) in \(german.error)") }
        let unknown = try Self.run(["history", "--lmit", "3"], "de_DE.UTF-8")
        #expect(unknown.status == 64 && unknown.error.hasPrefix("Fehler: Unbekannte Option '--lmit'. Meintest du '--limit'?"))
        let english = try Self.run(["import"], "C")
        #expect(english.status == 64 && english.output.isEmpty)
        #expect(english.error.hasPrefix("Error: Missing expected argument '<file>'\nHelp:  <file>  "), "\(english.error)")
        #expect(english.error.hasSuffix("  See 'peach import --help' for more information.\n"))
    }

    @Test("a command's own failure (not the parser's) keeps its exit status 1, the prefix in German")
    func commandFailure() throws {
        let german = try Self.run(["import", "/nonexistent/answers.csv"], "de_DE.UTF-8")
        #expect(german.status == 1 && german.error.hasPrefix("Fehler: "), "\(german.error)")
        let english = try Self.run(["import", "/nonexistent/answers.csv"], "C")
        #expect(english.status == 1 && english.error.hasPrefix("Error: "), "\(english.error)")
    }
}
