import Foundation
import PeachConfig
import PeachDomain
import PeachPractice
import PeachTestSupport
import Testing
@testable import PeachCLI

/// A box whose voice is off makes no prompts; a reload (SIGHUP) that turns the voice on makes them.
/// The real configuration file, reader and reload, the real eSpeak NG voice.
@Suite("The voice turned on by a reload")
@MainActor
struct VoiceReloadTests {
    @Test("with the voice off no prompt is made; a reload that turns it on makes them, once")
    func offThenOn() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("peach-voice-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("config.yaml")
        try Data("language: en\nfeedback:\n  voice: false\n".utf8).write(to: file)
        let configuration = try LiveConfiguration(location: ConfigurationLocation(explicit: file.path, environment: [:]),
                                                  reader: ConfigurationReader())
        let log = LogCapture()
        let voice = SpeechAnnouncer(engine: try SpeechTestEngine.make(), clock: ManualTrainingClock(), noteRMS: 0.1,
                                    voice: { configuration.voiceSettings }, logger: log.logger)
        await voice.prepare()
        #expect(SpokenPrompt.fixed.allSatisfy { !voice.isPrepared($0, in: .english) })
        #expect(log.contains(level: .debug, "the voice is off"))
        #expect(PracticeBoxApp.followVoice(of: configuration, voice: voice) == nil)

        try Data("language: en\nfeedback:\n  voice: true\n".utf8).write(to: file)
        try configuration.reload()
        await PracticeBoxApp.followVoice(of: configuration, voice: voice)?.value
        #expect(SpokenPrompt.fixed.allSatisfy { voice.isPrepared($0, in: .english) })
        #expect(log.contains(level: .debug, "spoken prompts ready (\(SpokenPrompt.fixed.count) made)"))
        // Another reload with the voice on makes none again.
        await PracticeBoxApp.followVoice(of: configuration, voice: voice)?.value
        #expect(log.contains(level: .debug, "spoken prompts ready (0 made)"))
    }
}
