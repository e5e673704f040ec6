import Logging
import PeachConfig
import PeachOptions
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
        if let settings = configuration.layers.settings, settings.exists {
            logger.notice("\(texts.current.text(.runConfigurationRereadWithSettings, configuration.location.file.path, settings.file.path))")
        } else {
            logger.notice("\(texts.current.text(.runConfigurationReread, configuration.location.file.path))")
        }
        Self.sayLeftOut(configuration, texts: texts, logger: logger)
        for change in ConfigurationPrinter.changes(from: before, to: configuration.configuration) {
            logger.notice("\(texts.current.text(.runSettingChanged, change.key, change.old, change.new))")
        }
        if Self.followLanguage(of: configuration, texts: texts, voice: voice) == nil {
            Self.followVoice(of: configuration, voice: voice)
        }
        changed()
        for section in ConfigurationReload.sectionsNeedingRestart(before: before, after: configuration.configuration) {
            logger.warning("\(texts.current.text(.runNeedsRestart, section))")
        }
    }

    /// A settings file left out (damaged, invalid): which, why, and that the administrator's
    /// configuration applies.
    static func sayLeftOut(_ configuration: LiveConfiguration, texts: LiveTexts, logger: Logger = Logger(label: "peach.run")) {
        guard !configuration.settingsLeftOut.isEmpty, let settings = configuration.layers.settings else { return }
        logger.warning("\(texts.current.text(.settingsLeftOut, settings.file.path, configuration.settingsLeftOut.joined(separator: "\n")))")
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
