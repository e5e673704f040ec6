import Foundation
import PeachConfig
import PeachDomain
import PeachPractice

extension LiveConfiguration {
    /// The voice as configured now (`feedback.voice`, `feedback.voice-level`, `language`, else the
    /// environment's language): read for every prompt, so a reload applies to the next one.
    var voiceSettings: VoiceSettings {
        let settings = configuration
        return VoiceSettings(isOn: settings.feedback.voice, level: settings.feedback.voiceLevel,
                             language: settings.language ?? Language.fromEnvironment(ProcessInfo.processInfo.environment))
    }
}
