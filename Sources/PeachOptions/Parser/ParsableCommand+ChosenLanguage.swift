import ArgumentParser
import Foundation
import PeachText

extension ParsableCommand {
    /// Parses the command line and runs the command, as swift-argument-parser's `main()` does, but
    /// with the parser's own words (help headings, its flags' help, its errors) in the chosen
    /// language: the message is the parser's (`fullMessage(for:)`), translated by `ParserVocabulary`;
    /// the exit code is the parser's, and the message goes where the parser puts it (standard output
    /// for help, standard error for the rest).
    public static func mainInChosenLanguage() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let report = report(for: error, arguments: CommandLine.arguments, texts: CommandLineTexts.current)
            if !report.text.isEmpty {
                if report.code == .success {
                    print(report.text)
                } else {
                    FileHandle.standardError.write(Data((report.text + "\n").utf8))
                }
            }
            Foundation.exit(report.code.rawValue)
        }
    }

    /// What the parser says for `error` (the help it asked for, or what is wrong) in `texts`' language,
    /// and the exit status. A completion script or the help dump, output for programs, stays as it is.
    public static func report(for error: any Error, arguments: [String], texts: Texts,
                       columns: Int? = nil) -> (text: String, code: ExitCode) {
        let text = fullMessage(for: error, columns: columns)
        let code = exitCode(for: error)
        let forPrograms = arguments.contains {
            $0.hasPrefix("--generate-completion-script") || $0.hasPrefix("---completion") || $0 == "--experimental-dump-help"
        }
        return (forPrograms ? text : ParserVocabulary(texts).translate(text), code)
    }
}
