import CEspeak
import Foundation
import PeachDomain
import Synchronization

/// Spoken prompts for a box without a screen, synthesised on the box by eSpeak NG (no network, no
/// recorded files), in English or German, as 16-bit mono samples at eSpeak NG's own rate, which the
/// sound engine reads at its 48 kHz and mixes into its own output like a cue (one device, one clock).
///
/// eSpeak NG keeps one global synthesiser, so every call goes through one lock; synthesis is fast
/// (a short sentence in a few tens of milliseconds here) but not real-time safe: call it off the
/// audio thread, ahead of time for fixed prompts.
public final class SpeechSynthesizer: Sendable {
    /// Words per minute: a little slower than eSpeak's default, for prompts heard once.
    static let wordsPerMinute: Int32 = 160

    private static let engine = Mutex<EngineState>(EngineState())

    private struct EngineState: ~Copyable {
        var sampleRate: Int32 = 0
        var voice: Language?
        /// Whether the voice came from its file (else by name, the slow way).
        var voiceFromFile = false
    }

    /// Whether the voice last chosen came from its own file, without eSpeak NG reading them all.
    static var voiceCameFromFile: Bool { engine.withLock { $0.voiceFromFile } }

    public init() {}

    /// The samples of `text` spoken in `language`, at eSpeak NG's rate, the loudest at full scale.
    public func speak(_ text: String, in language: Language) throws(EngineFailure) -> SpokenSamples {
        let result: Result<SpokenSamples, EngineFailure> = Self.engine.withLock { state in
            do throws(EngineFailure) {
                try Self.prepare(&state, language: language)
                var samples = try Self.synthesise(text)
                Self.normalise(&samples)
                return .success(SpokenSamples(samples: samples, sampleRate: Double(state.sampleRate)))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The phonemes eSpeak NG reads `text` as, clause by clause: how a number or an abbreviation
    /// is spoken can be checked without listening.
    public func phonemes(_ text: String, in language: Language) throws(EngineFailure) -> String {
        let result: Result<String, EngineFailure> = Self.engine.withLock { state in
            do throws(EngineFailure) {
                try Self.prepare(&state, language: language)
            } catch {
                return .failure(error)
            }
            var clauses: [String] = []
            text.withCString { pointer in
                var cursor: UnsafeRawPointer? = UnsafeRawPointer(pointer)
                while cursor != nil, let phonemes = espeak_TextToPhonemes(&cursor, Int32(espeakCHARS_UTF8), 0) {
                    clauses.append(String(cString: phonemes))
                }
            }
            return .success(clauses.joined(separator: " | "))
        }
        return try result.get()
    }

    private static func prepare(_ state: inout EngineState, language: Language) throws(EngineFailure) {
        if state.sampleRate == 0 {
            let rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 200, nil, 0)
            guard rate > 0 else { throw .didNotStart }
            state.sampleRate = rate
            espeak_SetSynthCallback(collect)
        }
        if state.voice != language {
            // The language's own voice file first: choosing by name opens and parses every voice
            // file eSpeak NG has (423 files and 15 ms here, against 64 and 0.4 ms); by name only
            // if the file is not where eSpeak NG 1.5x keeps it.
            state.voiceFromFile = voicePath(language).map { espeak_SetVoiceByFile($0) == EE_OK } ?? false
            guard state.voiceFromFile || espeak_SetVoiceByName(language.rawValue) == EE_OK else {
                throw .noVoice(language)
            }
            espeak_SetParameter(espeakRATE, wordsPerMinute, 0)
            state.voice = language
        }
    }

    /// The whole path of the language's voice file in eSpeak NG's data (West Germanic languages,
    /// in its `lang` folder); nil when eSpeak NG does not say where its data is.
    static func voicePath(_ language: Language) -> String? {
        var data: UnsafePointer<CChar>?
        _ = espeak_Info(&data)
        guard let data else { return nil }
        switch language {
        case .english: return String(cString: data) + "/lang/gmw/en"
        case .german: return String(cString: data) + "/lang/gmw/de"
        }
    }

    /// Runs eSpeak synchronously; its callback appends to the buffer passed as user data.
    private static func synthesise(_ text: String) throws(EngineFailure) -> [Int16] {
        let buffer = SampleBuffer()
        let unmanaged = Unmanaged.passRetained(buffer)
        defer { unmanaged.release() }
        let status = text.withCString { pointer in
            espeak_Synth(pointer, strlen(pointer) + 1, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8), nil,
                         unmanaged.toOpaque())
        }
        guard status == EE_OK else { throw .refused(status: Int32(status.rawValue)) }
        return buffer.samples
    }

    /// eSpeak's sample callback: 0 to go on.
    private static let collect: @convention(c) (UnsafeMutablePointer<Int16>?, Int32, UnsafeMutablePointer<espeak_EVENT>?)
        -> Int32 = { samples, count, events in
            guard let events, let context = events.pointee.user_data else { return 0 }
            let buffer = Unmanaged<SampleBuffer>.fromOpaque(context).takeUnretainedValue()
            if let samples, count > 0 { buffer.samples.append(contentsOf: UnsafeBufferPointer(start: samples, count: Int(count))) }
            return 0
        }

    /// Scales `samples` in place so that the loudest is at full scale (±32767).
    static func normalise(_ samples: inout [Int16]) {
        let peak = samples.reduce(0) { max($0, abs(Int($1))) }
        guard peak > 0 else { return }
        let scale = 32767 / Double(peak)
        for index in samples.indices { samples[index] = Int16((Double(samples[index]) * scale).rounded()) }
    }
}

/// Where eSpeak's callback puts the samples of one utterance (used under the engine's lock only).
private final class SampleBuffer: @unchecked Sendable {
    var samples: [Int16] = []
}
