import Logging
import PeachConfig
import PeachText

extension PracticeBoxApp {
    /// After a reload: the configuration's language (else the environment's) for everything said
    /// from now on: the log, the status line, the configuration's own messages at the next reload, and
    /// the voice, whose fixed prompts are synthesised anew in it (the task returned; nil when the
    /// language stayed).
    @discardableResult
    static func followLanguage(of configuration: LiveConfiguration, texts: LiveTexts, voice: SpeechAnnouncer,
                               logger: Logger = Logger(label: "peach.run")) -> Task<Void, Never>? {
        guard texts.change(to: configuration.language) else { return nil }
        configuration.speak(texts.current)
        logger.notice("\(texts.current.text(.runLanguageChanged))")
        return Task { await voice.prepare() }
    }

    /// After a reload that kept the language: the fixed prompts, if the voice is on now (a voice off
    /// at the start made none); those already made are not made again. Nil with the voice off.
    @discardableResult
    static func followVoice(of configuration: LiveConfiguration, voice: SpeechAnnouncer) -> Task<Void, Never>? {
        guard configuration.voiceSettings.isOn else { return nil }
        return Task { await voice.prepare() }
    }
}
