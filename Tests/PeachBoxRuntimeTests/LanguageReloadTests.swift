import Foundation
import PeachConfig
import PeachDomain
import PeachPractice
import PeachSound
import PeachTestSupport
import PeachText
import PeachYAML
import Testing
@testable import PeachBoxRuntime

/// `peach run` after a reload (SIGHUP) that changes `language`: the log, the status line and the
/// spoken prompts follow; the real configuration file, reader and reload, the real eSpeak NG voice.
@Suite("A reload switches the language")
@MainActor
struct LanguageReloadTests {
    @Test("language: en → de: the box logs, the status line and the prepared prompts are German; English ones let go")
    func reloadSwitches() async throws {
        let file = try ConfigurationFileFixture("language: en\n")
        defer { file.remove() }
        let configuration = try file.configuration()
        let texts = LiveTexts(configuration.language)

        let engine = try SpeechTestEngine.make()
        let clock = ManualTrainingClock()
        let voice = SpeechAnnouncer(engine: engine, clock: clock, noteRMS: 0.1) { configuration.voiceSettings }
        await voice.prepare()
        #expect(voice.isPrepared(.stopped, in: .english))

        let log = LogCapture()
        let interruptions = TrainingInterruptionCenter()
        let profile = PerceptualProfile()
        let box = PracticeBox(
            comparison: CompareTrainer(notePlayer: engine, profile: profile, observers: [], settings: configuration,
                                       clock: clock, gate: voice, interruptions: interruptions),
            matching: MatchTrainer(notePlayer: engine, observers: [], settings: configuration, clock: clock,
                                   gate: voice, interruptions: interruptions),
            interruptions: interruptions, modeMemory: TransientModeMemory(nil), texts: texts, logger: log.logger)
        func statusLine() -> String {
            PracticeStatus(of: box, profile: profile, range: .standard, texts: texts.current).line()
        }
        #expect(statusLine().contains(Texts(.english).text(.statusWaitingForController)))

        // The same file, reloaded unchanged: nothing to switch.
        try configuration.reload()
        #expect(LiveReload.followLanguage(of: configuration, texts: texts, voice: voice, logger: log.logger) == nil)

        try file.write("language: de\n")
        try configuration.reload()
        let preparing = try #require(LiveReload.followLanguage(of: configuration, texts: texts, voice: voice, logger: log.logger))
        #expect(log.contains(level: .notice, "Sprache gewechselt"))
        #expect(texts.current.language == .german)
        #expect(statusLine().contains("wartet auf einen Controller"), "\(statusLine())")
        box.controllerConnected("Keystation")
        #expect(log.contains(level: .info, "Controller verbunden: Keystation"), "\(log.entries)")
        // The next reload's problems in German too.
        try file.write("language: de\ntraining:\n  intervals: [P5 sideways]\n")
        let invalid = try #require(#expect(throws: YAMLErrors.self) { try configuration.reload() })
        #expect(invalid.text(texts.current).contains("`sideways` ist keine Richtung"), "\(invalid.text(texts.current))")
        await preparing.value
        for prompt in SpokenPrompt.fixed {
            #expect(voice.isPrepared(prompt, in: .german), "\(prompt)")
            #expect(!voice.isPrepared(prompt, in: .english), "\(prompt)")
        }
    }
}
