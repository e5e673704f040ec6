import Foundation
import PeachConfig
import PeachDomain
import PeachPractice
import PeachTestSupport
import Testing
@testable import PeachBoxRuntime

/// A box whose voice is off makes no prompts; a reload (SIGHUP) that turns the voice on makes them.
/// The real configuration file, reader and reload, the real eSpeak NG voice.
@Suite("The voice turned on by a reload")
@MainActor
struct VoiceReloadTests {
    @Test("with the voice off no prompt is made; a reload that turns it on makes them, once")
    func offThenOn() async throws {
        let file = try ConfigurationFileFixture("language: en\nfeedback:\n  voice: false\n")
        defer { file.remove() }
        let configuration = try file.configuration()
        let log = LogCapture()
        let voice = SpeechAnnouncer(engine: try SpeechTestEngine.make(), clock: ManualTrainingClock(), noteRMS: 0.1,
                                    voice: { configuration.voiceSettings }, logger: log.logger)
        await voice.prepare()
        #expect(SpokenPrompt.fixed.allSatisfy { !voice.isPrepared($0, in: .english) })
        #expect(log.contains(level: .debug, "the voice is off"))
        #expect(LiveReload.followVoice(of: configuration, voice: voice) == nil)

        try file.write("language: en\nfeedback:\n  voice: true\n")
        try configuration.reload()
        await LiveReload.followVoice(of: configuration, voice: voice)?.value
        #expect(SpokenPrompt.fixed.allSatisfy { voice.isPrepared($0, in: .english) })
        #expect(log.contains(level: .debug, "spoken prompts ready (\(SpokenPrompt.fixed.count) made)"))
        // Another reload with the voice on makes none again.
        await LiveReload.followVoice(of: configuration, voice: voice)?.value
        #expect(log.contains(level: .debug, "spoken prompts ready (0 made)"))
    }
}
