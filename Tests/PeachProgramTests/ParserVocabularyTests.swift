import ArgumentParser
import Foundation
import PeachDomain
import PeachTestSupport
import PeachText
import Testing
@testable import PeachCommands
@testable import PeachOptions

/// swift-argument-parser's own words (help headings, its flags' help, its errors) in German when the
/// language is German; English, exactly the parser's, otherwise.
@Suite("The argument parser's words in the language")
struct ParserVocabularyTests {
    /// The English words of every phrase translated: each literal piece with four letters or more.
    static let englishVocabulary: [String] = {
        let english = Texts(.english)
        return ParserVocabulary.all.flatMap { key in
            ParserPhrase(english.text(key)).pieces.compactMap { piece -> String? in
                guard case .literal(let text) = piece, text.filter(\.isLetter).count >= 4 else { return nil }
                return text.trimmingCharacters(in: .whitespaces)
            }
        }
    }()

    static func english(in text: String) -> [String] {
        englishVocabulary.filter { text.contains($0) }
    }

    static func report(_ arguments: [String], _ language: Language) -> (text: String, code: ExitCode) {
        do {
            var command = try PeachCommand.parseAsRoot(arguments)
            // A help request parses as the parser's help command, which throws when run.
            if arguments.contains("--help") { try command.run() }
            return ("parsed", .success)
        } catch {
            return PeachCommand.report(for: error, arguments: arguments, texts: Texts(language), columns: 100)
        }
    }

    @Test("a phrase finds its parts: the shortest gap before the next piece, the rest at the end")
    func phrase() {
        let phrase = ParserPhrase("Unknown option '{1}'. Did you mean '{2}'?")
        #expect(phrase.parts(of: "Unknown option '--lmit'. Did you mean '--limit'?") == ["--lmit", "--limit"])
        #expect(phrase.parts(of: "Unknown option '--lmit'") == nil)
        #expect(ParserPhrase("Error: {1}").parts(of: "Error: a: b") == ["a: b"])
        #expect(ParserPhrase("OPTIONS:").parts(of: "OPTIONS:") == [])
        #expect(ParserPhrase("OPTIONS:").parts(of: "  OPTIONS:") == nil)
        #expect(ParserPhrase("{1} SUBCOMMANDS:").parts(of: "Report SUBCOMMANDS:") == ["Report"])
        #expect(ParserPhrase("The value '{1}' is invalid.{2}").parts(of: "The value 'x' is invalid.") == ["x", ""])
    }

    @Test("the help screen's headings and flags in German, the parser's English otherwise")
    func help() {
        let german = Self.report(["--help"], .german)
        #expect(german.code == .success)
        for heading in ["ÜBERSICHT: ", "AUFRUF: peach <Unterbefehl>", "\nOPTIONEN:\n", "\nUNTERBEFEHLE:\n",
                        "  -h, --help              Hilfe anzeigen.", "--version               Version anzeigen.",
                        "  Ausführliche Hilfe zu einem Unterbefehl: 'peach help <Unterbefehl>'."] {
            #expect(german.text.contains(heading), "\(heading) in \(german.text)")
        }
        #expect(Self.english(in: german.text).isEmpty, "\(Self.english(in: german.text)) in \(german.text)")
        let english = Self.report(["--help"], .english)
        #expect(english.text == PeachCommand.fullMessage(for: CleanExit.helpRequest(PeachCommand.self), columns: 100))
        #expect(english.text.contains("USAGE: peach <subcommand>") && english.text.contains("OPTIONS:"))
        let play = Self.report(["play", "--help"], .german)
        #expect(play.text.contains("ARGUMENTE:\n") || play.text.contains("OPTIONEN:\n"), "\(play.text)")
        #expect(play.text.contains("(Standard: "), "\(play.text)")
        #expect(Self.english(in: play.text).isEmpty, "\(Self.english(in: play.text)) in \(play.text)")
    }

    @Test("the parser's errors in German, with their exit status and the parts they name")
    func errors() {
        let cases: [([String], String)] = [
            (["import"], "Fehler: Das Argument '<file>' fehlt"),
            (["--lmit"], "Fehler: Unbekannte Option '--lmit'"),
            (["history", "--lmit", "3"], "Fehler: Unbekannte Option '--lmit'. Meintest du '--limit'?"),
            (["history", "--limit"], "Fehler: Der Wert für '--limit <limit>' fehlt"),
            (["history", "--limit", "x"], "Fehler: Der Wert 'x' ist für '--limit <limit>' ungültig"),
            (["profile", "--json=yes"], "Fehler: Die Option '--json' nimmt keinen Wert, angegeben war aber 'yes'."),
            (["profile", "extra"], "Fehler: Unerwartetes Argument 'extra'"),
            (["profile", "a", "b"], "Fehler: 2 unerwartete Argumente: 'a', 'b'"),
        ]
        for (arguments, expected) in cases {
            let german = Self.report(arguments, .german)
            let english = Self.report(arguments, .english)
            #expect(german.code == .validationFailure && english.code == .validationFailure, "\(arguments)")
            #expect(german.text.hasPrefix(expected), "\(arguments): \(german.text)")
            #expect(german.text.contains("\nAufruf: peach ") && german.text.contains("  Mehr dazu: 'peach "), "\(german.text)")
            #expect(Self.english(in: german.text).isEmpty, "\(arguments): \(Self.english(in: german.text)) in \(german.text)")
            #expect(english.text.hasPrefix("Error: ") && english.text.contains("\nUsage: peach "), "\(english.text)")
        }
    }

    @Test("a completion script stays as the parser makes it")
    func completion() {
        let script = Self.report(["--generate-completion-script", "bash"], .german)
        #expect(script.code == .success)
        #expect(script.text == Self.report(["--generate-completion-script", "bash"], .english).text)
    }
}
