import Glibc
import PeachDomain
import PeachSpeech
import PeachText
import Testing
@testable import PeachBoxRuntime

/// Why a prompt could not be made, in the box's language: every kind of failure, in both.
@Suite("Speech failures in words")
struct SpeechFailureTextTests {
    static let failures: [SpeechFailure] = [
        .engine(.didNotStart), .engine(.noVoice(.german)), .engine(.refused(status: 2)),
        .programDidNotStart(program: "/usr/local/bin/peach", code: ENOENT),
        .programEnded(program: "peach", ending: .exited(3), said: "espeak-ng-data is missing"),
        .programEnded(program: "peach", ending: .signalled(15), said: ""),
        .programStopped(program: "peach", seconds: 60, said: ""),
    ]

    @Test("each is said in the language asked for, with its details, and no placeholder is left")
    func bothLanguages() {
        for failure in Self.failures {
            let english = SpeechFailureText.text(failure, Texts(.english))
            let german = SpeechFailureText.text(failure, Texts(.german))
            #expect(english != german, "\(failure): \(english)")
            for said in [english, german] {
                #expect(!said.contains("{"), "\(said)")
                switch failure {
                case .engine(.noVoice): #expect(said.contains("`de`"), "\(said)")
                case .engine(.refused): #expect(said.contains("2"), "\(said)")
                case .programDidNotStart: #expect(said.contains("/usr/local/bin/peach"), "\(said)")
                case .programEnded(_, .exited, _):
                    #expect(said.contains("3") && said.hasSuffix(": espeak-ng-data is missing"), "\(said)")
                case .programEnded(_, .signalled, _): #expect(said.contains("15") && !said.contains(": "), "\(said)")
                case .programStopped: #expect(said.contains("60"), "\(said)")
                case .engine(.didNotStart): #expect(said.contains("espeak-ng-data"), "\(said)")
                }
            }
        }
        // The C library's words come from the tables too.
        let missing = SpeechFailure.programDidNotStart(program: "peach", code: ENOENT)
        #expect(SpeechFailureText.text(missing, Texts(.german)).hasSuffix(Texts(.german).text(.systemNoSuchFile)))
        #expect(SpeechFailureText.text(missing, Texts(.english)).hasSuffix(Texts(.english).text(.systemNoSuchFile)))
    }
}
