import Foundation
import Logging
import PeachDomain
import PeachPractice
import PeachSound
import PeachSpeech
import PeachText

/// Prompts spoken by eSpeak NG and mixed into the sound engine's output like a cue (one device, one
/// clock), at `feedback.voice-level` relative to a training note. Fixed prompts are synthesised ahead
/// of time off the main actor, so one starts within a render period of its cause; the report is
/// synthesised when asked for. While a prompt sounds, the next exercise waits (the gate).
@MainActor
final class SpeechAnnouncer: Announcer {
    private let engine: SoundEngine
    private let speech: any SpeechSource
    private let clock: any TrainingClock
    private let voice: @MainActor () -> VoiceSettings
    private let noteRMS: Double
    private let logger: Logger
    /// Spoken texts ready to play, by language and words.
    private var spoken: [String: (sound: SampledSound, rms: Double)] = [:]
    /// What runs once the prompt being said has been heard (its `then`s and the sessions' gate).
    private var waiting: [@MainActor () -> Void] = []
    private var end: (any ScheduledTimer)?
    /// Counts prompts: a synthesis that finishes after a newer prompt (or a hush) is not played.
    private var generation = 0
    /// True from `say` until the prompt has been heard (including while it is being synthesised).
    private(set) var isSpeaking = false
    /// A breath between the end of a prompt and the next training note.
    static let pause: Duration = .milliseconds(150)

    init(engine: SoundEngine, speech: any SpeechSource = SpeechSynthesizer(), clock: any TrainingClock,
         noteRMS: Double, voice: @escaping @MainActor () -> VoiceSettings, logger: Logger = Logger(label: "peach.voice")) {
        self.engine = engine
        self.speech = speech
        self.clock = clock
        self.noteRMS = noteRMS
        self.voice = voice
        self.logger = logger
    }

    /// Synthesises `prompts` in the configured language off the main actor; returns when they are ready.
    /// Prompts prepared in another language (before a reload changed it) are let go. With the voice
    /// off nothing is made: no `peach speak` at the start, and no prompts held for nothing (a
    /// reload that turns the voice on prepares them then).
    func prepare(_ prompts: [SpokenPrompt] = SpokenPrompt.fixed) async {
        let settings = voice()
        let language = settings.language
        spoken = spoken.filter { $0.key.hasPrefix(Self.key("", language)) }
        guard settings.isOn else {
            return logger.debug("\(Texts(language).text(.speakVoiceOff))")
        }
        let texts = prompts.map { SpokenText.text(for: $0, in: language) }.filter { spoken[Self.key($0, language)] == nil }
        // Each is stored as soon as it is made (a prompt said before then is made on its own, in `say`).
        var (made, stored) = (0, 0)
        var failed: [(text: String, failure: SpeechFailure)] = []
        for await result in speech.speak(texts, in: language) {
            guard made < texts.count else { break }
            let text = texts[made]
            made += 1
            switch result {
            case .success(let samples) where spoken[Self.key(text, language)] == nil:
                store(samples, text: text, language: language)
                stored += 1
            case .success: break
            case .failure(let failure): failed.append((text, failure))
            }
        }
        warnCannotSynthesise(failed, language: language)
        // From here on a box with no controller only waits: the `box` system test reads its idle CPU after this line.
        let ready = Texts(language).text(.speakPromptsReady, String(stored))
        logger.debug("\(ready)")
    }

    /// Whether `prompt` is ready to be said in `language` without waiting for a synthesis.
    func isPrepared(_ prompt: SpokenPrompt, in language: Language) -> Bool {
        spoken[Self.key(SpokenText.text(for: prompt, in: language), language)] != nil
    }

    /// Read from the configuration: the voice can be turned off while the box runs.
    var isVoiceOn: Bool { voice().isOn }

    func say(_ prompt: SpokenPrompt, then: (@MainActor () -> Void)?) {
        if let then { waiting.append(then) }
        let settings = voice()
        guard settings.isOn else { return finish() }
        let text = SpokenText.text(for: prompt, in: settings.language)
        generation += 1
        let current = generation
        end?.cancel()
        end = nil
        // Cut off a prompt still sounding: the newest is what the player needs to hear.
        if isSpeaking { try? engine.stopAll() }
        isSpeaking = true
        if let ready = spoken[Self.key(text, settings.language)] {
            return play(ready, text: text, level: settings.level)
        }
        let speech = self.speech
        Task { [weak self] in
            var result: Result<SpokenSamples, SpeechFailure>?
            for await made in speech.speak([text], in: settings.language) { result = made }
            guard let self, current == generation else { return }
            guard case .success(let samples) = result else {
                if case .failure(let failure) = result { warnCannotSynthesise(text, language: settings.language, failure) }
                return finish()
            }
            // A fixed prompt asked for before it was prepared is kept; a report is not.
            play(store(samples, text: text, language: settings.language, keep: SpokenPrompt.fixed.contains(prompt)),
                 text: text, level: settings.level)
        }
    }

    func whenOpen(_ proceed: @escaping @MainActor () -> Void) {
        guard isSpeaking else { return proceed() }
        waiting.append(proceed)
    }

    func hush() {
        generation += 1
        end?.cancel()
        end = nil
        if isSpeaking { try? engine.stopAll() }
        finish()
    }

    /// The playback amplitude that puts the prompt's RMS `level` from a training note's.
    static func amplitude(level: AmplitudeDB, noteRMS: Double, speechRMS: Double) -> AmplitudeDB {
        AmplitudeDB(20 * log10(max(noteRMS, 1e-9) / max(speechRMS, 1e-9)) + level.rawValue)
    }

    private func play(_ ready: (sound: SampledSound, rms: Double), text: String, level: AmplitudeDB) {
        let seconds = Double(ready.sound.count) / NoteSlotRenderer.sampleRate
        logger.info("saying \"\(text)\" (\(String(format: "%.2f", seconds)) s)")
        do {
            try engine.playCue(ready.sound, amplitude: Self.amplitude(level: level, noteRMS: noteRMS, speechRMS: ready.rms))
        } catch {
            let message = Texts(voice().language).text(.speakCannotSay, text, String(describing: error))
            logger.warning("\(message)")
            return finish()
        }
        let current = generation
        end = clock.schedule(after: .milliseconds(Int64((seconds * 1000).rounded())) + Self.pause) { [weak self] in
            guard let self, current == generation else { return }
            end = nil
            logger.info("said \"\(text)\"")
            finish()
        }
    }

    private func warnCannotSynthesise(_ text: String, language: Language, _ failure: SpeechFailure) {
        let message = Texts(language).text(.speakCannotSynthesise, text, SpeechFailureText.text(failure, Texts(language)))
        logger.warning("\(message)")
    }

    /// One warning per reason: prompts that failed for the same reason (no eSpeak NG data, a
    /// `peach speak` that could not start or was stopped) are said together, not once each.
    private func warnCannotSynthesise(_ failed: [(text: String, failure: SpeechFailure)], language: Language) {
        var reasons: [SpeechFailure] = []
        for (_, failure) in failed where !reasons.contains(failure) { reasons.append(failure) }
        for reason in reasons {
            let texts = failed.filter { $0.failure == reason }.map(\.text)
            guard texts.count > 1 else {
                warnCannotSynthesise(texts[0], language: language, reason)
                continue
            }
            let message = Texts(language).text(.speakCannotSynthesisePrompts, texts.count, texts[0],
                                               SpeechFailureText.text(reason, Texts(language)))
            logger.warning("\(message)")
        }
    }

    /// Nothing is being said any more: everything that waited goes on, in order.
    private func finish() {
        isSpeaking = false
        let ready = waiting
        waiting.removeAll()
        for proceed in ready { proceed() }
    }

    @discardableResult
    private func store(_ said: SpokenSamples, text: String, language: Language, keep: Bool = true) -> (sound: SampledSound, rms: Double) {
        let samples = said.samples
        let sumOfSquares: Double = samples.reduce(0.0) { sum, sample in
            let value = Double(sample)
            return sum + value * value
        }
        let power: Double = sumOfSquares / Double(max(1, samples.count)) / (32768 * 32768)
        // Kept as eSpeak made them, 16 bits at its own rate: the prompts stay in memory as long as the box runs.
        let ready = (SampledSound(pcm16: samples, sampleRate: said.sampleRate), power.squareRoot())
        if keep { spoken[Self.key(text, language)] = ready }
        return ready
    }

    private static func key(_ text: String, _ language: Language) -> String { "\(language.rawValue) \(text)" }
}
