import ArgumentParser
import Foundation
import PeachOptions
import PeachText

struct ResetCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "reset",
            abstract: CommandLineTexts.current.text(.helpResetAbstract),
            discussion: CommandLineTexts.current.text(.helpResetDiscussion))
    }

    @OptionGroup var store: HistoryOptions

    @Flag(help: ArgumentHelp(CommandLineTexts.current.text(.helpResetYes)))
    var yes = false

    func run() throws {
        guard let history = try store.openStore(create: false) else {
            print(CommandLineTexts.current.text(.messageNoHistoryAt, store.location.databaseURL.path))
            return
        }
        let counts = try history.counts()
        if !yes {
            guard isatty(STDIN_FILENO) == 1 else {
                throw CommandFailure(CommandLineTexts.current.text(.messageRefusingToDelete, counts.total))
            }
            let path = history.location.databaseURL.path
            let question = counts.rhythmAnswers > 0
                ? CommandLineTexts.current.text(.messageDeleteQuestionWithRhythm, counts.compareAnswers, counts.matchAnswers,
                                                counts.rhythmAnswers, path)
                : CommandLineTexts.current.text(.messageDeleteQuestion, counts.compareAnswers, counts.matchAnswers, path)
            print(question, terminator: "")
            guard readLine()?.trimmingCharacters(in: .whitespaces).lowercased() == CommandLineTexts.current.text(.messageConfirmationWord) else {
                print(CommandLineTexts.current.text(.messageNothingDeleted))
                return
            }
        }
        try history.deleteAll()
        print(counts.rhythmAnswers > 0
            ? CommandLineTexts.current.text(.messageDeletedWithRhythm, counts.compareAnswers, counts.matchAnswers,
                                            counts.rhythmAnswers)
            : CommandLineTexts.current.text(.messageDeleted, counts.compareAnswers, counts.matchAnswers))
    }
}
