import PeachSpeech
import PeachText

/// The words for why a prompt could not be made (`SpeechFailure`), in the box's language.
enum SpeechFailureText {
    static func text(_ failure: SpeechFailure, _ texts: Texts) -> String {
        switch failure {
        case .engine(.didNotStart):
            return texts.text(.speechEngineDidNotStart)
        case .engine(.noVoice(let language)):
            return texts.text(.speechNoVoice, language.rawValue)
        case .engine(.refused(let status)):
            return texts.text(.speechRefused, String(status))
        case .programDidNotStart(let program, let code):
            return texts.text(.speechProgramDidNotStart, program, SystemWords.text(code: code, texts))
        case .programEnded(let program, let ending, let said):
            let how = switch ending {
            case .exited(let status): texts.text(.speechProgramExited, program, String(status))
            case .signalled(let signal): texts.text(.speechProgramSignalled, program, String(signal))
            }
            return said.isEmpty ? how : texts.text(.speechProgramSaid, how, said)
        case .programStopped(let program, let seconds, let said):
            let how = texts.text(.speechProgramStopped, program, Decimals(seconds, 1))
            return said.isEmpty ? how : texts.text(.speechProgramSaid, how, said)
        }
    }
}
