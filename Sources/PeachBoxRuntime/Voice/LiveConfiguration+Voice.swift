import Foundation
import PeachConfig
import PeachDomain
import PeachPractice

extension LiveConfiguration {
    /// The language as configured now: `language`, else the environment's (LC_ALL, LC_MESSAGES, LANG).
    var language: Language {
        configuration.language ?? Language.fromEnvironment(ProcessInfo.processInfo.environment)
    }

    /// The voice as configured now (`feedback.voice`, `feedback.voice-level`, the language): read for
    /// every prompt, so a reload applies to the next one.
    var voiceSettings: VoiceSettings {
        let settings = configuration
        return VoiceSettings(isOn: settings.feedback.voice, level: settings.feedback.voiceLevel, language: language)
    }
}
