import Logging
import PeachConfig
import PeachDomain
import PeachText
import PeachPractice
import PeachSound

/// Audible cues through the sound engine, at the configured level, unless turned off.
@MainActor
final class CuePlayer: FeedbackOutput {
    private let engine: SoundEngine
    private let configuration: LiveConfiguration
    private let cues: [FeedbackCue.Kind: (cue: FeedbackCue, sound: SampledSound)]
    private let noteRMS: Double
    private let logger = Logger(label: "peach.feedback")

    private let texts: LiveTexts

    init(engine: SoundEngine, configuration: LiveConfiguration, texts: LiveTexts, noteRMS: Double) {
        self.texts = texts
        self.engine = engine
        self.configuration = configuration
        self.noteRMS = noteRMS
        var cues: [FeedbackCue.Kind: (FeedbackCue, SampledSound)] = [:]
        let all = TrainingFeedback.allCases.map { FeedbackCue($0, sampleRate: VoiceRenderer.sampleRate) }
            + BoxAlert.allCases.map { FeedbackCue($0, sampleRate: VoiceRenderer.sampleRate) }
        for cue in all { cues[cue.kind] = (cue, SampledSound(samples: cue.samples)) }
        self.cues = cues
    }

    func give(_ feedback: TrainingFeedback) {
        play(.answer(feedback), turnedOff: !configuration.configuration.feedback.cues)
    }

    /// Alerts sound even with answer cues turned off: nothing else tells a player without a screen.
    /// With the voice on, the spoken prompt tells it instead.
    func alert(_ alert: BoxAlert) {
        play(.alert(alert), turnedOff: configuration.configuration.feedback.voice)
    }

    private func play(_ kind: FeedbackCue.Kind, turnedOff: Bool) {
        let settings = configuration.configuration.feedback
        guard !turnedOff, let cue = cues[kind] else { return }
        do {
            try engine.playCue(cue.sound, amplitude: cue.cue.amplitude(level: settings.cueLevel, relativeToNoteRMS: noteRMS))
        } catch {
            logger.warning("\(texts.current.text(.runCueFailed, texts.current.describe(error)))")
        }
    }
}
