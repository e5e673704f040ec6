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
    /// Each cue as the engine mixes it, and the RMS its level is set by: the rendered floats are not kept.
    private let cues: [FeedbackCue.Kind: (loudestRMS: Double, sound: SampledSound)]
    private let noteRMS: Double
    private let logger = Logger(label: "peach.feedback")

    private let texts: LiveTexts

    init(engine: SoundEngine, configuration: LiveConfiguration, texts: LiveTexts, noteRMS: Double) {
        self.texts = texts
        self.engine = engine
        self.configuration = configuration
        self.noteRMS = noteRMS
        var cues: [FeedbackCue.Kind: (Double, SampledSound)] = [:]
        let kinds = AnswerResult.allCases.map(FeedbackCue.Kind.answer) + BoxAlert.allCases.map(FeedbackCue.Kind.alert)
        for kind in kinds {
            let cue = FeedbackCue(kind: kind, sampleRate: NoteSlotRenderer.sampleRate)
            cues[kind] = (cue.loudestRMS, SampledSound(pcm16: cue.pcm16, sampleRate: cue.sampleRate))
        }
        self.cues = cues
    }

    func give(_ feedback: AnswerResult) {
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
            try engine.playCue(cue.sound, amplitude: FeedbackCue.amplitude(level: settings.cueLevel, relativeToNoteRMS: noteRMS,
                                                                           loudestRMS: cue.loudestRMS))
        } catch {
            logger.warning("\(texts.current.text(.runCueFailed, texts.current.describe(error)))")
        }
    }
}
