import ArgumentParser
import Foundation
import PeachOptions
import PeachDomain
import PeachSpeech
import PeachText

extension Language: ExpressibleByArgument {}

/// `peach speak`, not listed in the help: the short-lived process in which `peach run` has eSpeak
/// NG make its spoken prompts (`SpeechProcess`), so that eSpeak NG's memory never comes into the
/// practice box's. Writes each text's samples to stdout as it is made (`SpokenSamplesWire`).
struct SpeakCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "speak", abstract: CommandLineTexts.current.text(.helpSpeakAbstract),
                             shouldDisplay: false)
    }

    @Option(help: ArgumentHelp(CommandLineTexts.current.text(.helpSpeakLanguage)))
    var language: Language

    @Argument(help: ArgumentHelp(CommandLineTexts.current.text(.helpSpeakTexts)))
    var texts: [String] = []

    func run() throws {
        let synthesizer = SpeechSynthesizer()
        for text in texts {
            let result: Result<SpokenSamples, EngineFailure>
            do throws(EngineFailure) {
                result = .success(try synthesizer.speak(text, in: language))
            } catch {
                result = .failure(error)
            }
            // The reader has gone (the box stopped): nothing is left to say to it.
            guard SpokenSamplesWire.write(result, to: STDOUT_FILENO) else { throw ExitCode.failure }
        }
    }
}
