import Logging
import PeachConfig
import PeachPractice
import PeachText

/// A reload of the configuration while the box runs (SIGHUP, `systemctl reload`): training,
/// feedback, language and voice follow from the next exercise; what is opened once at start is
/// said to need a restart (`ConfigurationReload`). A file that does not read leaves the running one.
@MainActor
struct LiveReload {
    let configuration: LiveConfiguration
    let texts: LiveTexts
    let voice: SpeechAnnouncer
    let changed: @MainActor () -> Void
    var logger = Logger(label: "peach.run")

    func reload() {
        let before = configuration.configuration
        do {
            try configuration.reload()
        } catch {
            return logger.error("\(texts.current.text(.runConfigurationNotReread, texts.current.describe(error)))")
        }
        logger.notice("\(texts.current.text(.runConfigurationReread, configuration.location.file.path))")
        if Self.followLanguage(of: configuration, texts: texts, voice: voice) == nil {
            Self.followVoice(of: configuration, voice: voice)
        }
        changed()
        for section in ConfigurationReload.sectionsNeedingRestart(before: before, after: configuration.configuration) {
            logger.warning("\(texts.current.text(.runNeedsRestart, section))")
        }
    }

    /// The configuration's language (else the environment's) for everything said from now on: the
    /// log, the status line, the configuration's own messages at the next reload, and the voice,
    /// whose fixed prompts are synthesised anew in it (the task returned; nil when it stayed).
    @discardableResult
    static func followLanguage(of configuration: LiveConfiguration, texts: LiveTexts, voice: SpeechAnnouncer,
                               logger: Logger = Logger(label: "peach.run")) -> Task<Void, Never>? {
        guard texts.change(to: configuration.language) else { return nil }
        configuration.speak(texts.current)
        logger.notice("\(texts.current.text(.runLanguageChanged))")
        return Task { await voice.prepare() }
    }

    /// The fixed prompts, if the voice is on now (a voice off at the start made none); those
    /// already made are not made again. Nil with the voice off.
    @discardableResult
    static func followVoice(of configuration: LiveConfiguration, voice: SpeechAnnouncer) -> Task<Void, Never>? {
        guard configuration.voiceSettings.isOn else { return nil }
        return Task { await voice.prepare() }
    }
}
