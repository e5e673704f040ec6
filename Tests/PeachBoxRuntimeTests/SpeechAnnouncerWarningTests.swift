import Foundation
import PeachDomain
import PeachPractice
import PeachSound
import PeachSpeech
import PeachTestSupport
import Testing
@testable import PeachBoxRuntime

/// What the box logs when its prompts cannot be made: the real announcer and engine, and a real
/// `peach speak` process that cannot start.
@Suite("Prompts that cannot be made")
@MainActor
struct SpeechAnnouncerWarningTests {
    @Test("prompts that fail for one reason are warned about once, with their count, the first and the reason",
          arguments: [Language.english, .german])
    func oneWarningPerReason(language: Language) async throws {
        let engine = try SpeechTestEngine.make()
        let log = LogCapture()
        let voice = SpeechAnnouncer(engine: engine, speech: SpeechProcess(executable: "/nonexistent/peach"),
                                    clock: ManualTrainingClock(), noteRMS: 0.1,
                                    voice: { VoiceSettings(isOn: true, language: language) }, logger: log.logger)
        await voice.prepare()

        let warnings = log.entries.filter { $0.level == .warning }.map(\.message)
        try #require(warnings.count == 1, "\(warnings)")
        let first = SpokenText.text(for: SpokenPrompt.fixed[0], in: language)
        #expect(warnings[0].contains("\(SpokenPrompt.fixed.count)"), "\(warnings[0])")
        #expect(warnings[0].contains(first), "\(warnings[0])")
        #expect(warnings[0].contains("/nonexistent/peach"), "\(warnings[0])")
        #expect(!voice.isPrepared(SpokenPrompt.fixed[0], in: language))
    }
}
