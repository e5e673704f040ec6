import Foundation
import PeachDomain

/// The short sound that tells a player without a screen how an answer went.
///
/// Cues are bursts of filtered noise, so they have no pitch of their own that could be mistaken for
/// (or bias the ear against) a training note: two bright ticks mean correct or close, one mid tick
/// moderate, one dull low burst wrong or far. Alerts are longer and unlike any answer: three falling
/// bursts when the history stops taking answers, a rising pair when it takes them again. They are
/// made once at start-up (mono, peak 1.0) and played well below the training notes' loudness.
public struct FeedbackCue: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case answer(AnswerResult)
        case alert(BoxAlert)
    }

    public let kind: Kind
    public let sampleRate: Double
    public let samples: [Float]

    /// How loud a cue plays relative to a training note at nominal amplitude.
    public static let defaultLevel = AmplitudeDB(-20)

    public init(_ feedback: AnswerResult, sampleRate: Double = 48_000) {
        self.init(kind: .answer(feedback), sampleRate: sampleRate)
    }

    public init(_ alert: BoxAlert, sampleRate: Double = 48_000) {
        self.init(kind: .alert(alert), sampleRate: sampleRate)
    }

    public init(kind: Kind, sampleRate: Double = 48_000) {
        self.kind = kind
        self.sampleRate = sampleRate
        var noise = NoiseSource(seed: UInt64(kind.hashSeed))
        var samples: [Float]
        let feedback: AnswerResult
        switch kind {
        case .answer(let answer):
            feedback = answer
        case .alert(let alert):
            self.samples = Self.normalised(Self.alertSamples(alert, sampleRate: sampleRate, noise: &noise))
            return
        }
        switch feedback {
        case .correct, .close:
            samples = Self.burst(.bright, attack: 0.001, decay: 0.008, length: 0.035, sampleRate: sampleRate, noise: &noise)
            samples += [Float](repeating: 0, count: Int(0.045 * sampleRate))
            samples += Self.burst(.bright, attack: 0.001, decay: 0.008, length: 0.035, sampleRate: sampleRate,
                                  noise: &noise)
        case .moderate:
            samples = Self.burst(.middle, attack: 0.002, decay: 0.015, length: 0.06, sampleRate: sampleRate, noise: &noise)
        case .wrong, .far:
            samples = Self.burst(.dull, attack: 0.005, decay: 0.05, length: 0.2, sampleRate: sampleRate, noise: &noise)
        }
        self.samples = Self.normalised(samples)
    }

    private static func normalised(_ samples: [Float]) -> [Float] {
        let peak = samples.reduce(Float(0)) { max($0, abs($1)) }
        return peak > 0 ? samples.map { $0 / peak } : samples
    }

    private static func alertSamples(_ alert: BoxAlert, sampleRate: Double, noise: inout NoiseSource) -> [Float] {
        let gap = [Float](repeating: 0, count: Int(0.06 * sampleRate))
        switch alert {
        case .historyUnavailable:
            // Bright, middle, dull: falling, three times as long as any answer cue.
            let parts = [Colour.bright, .middle, .dull].map {
                burst($0, attack: 0.002, decay: 0.03, length: 0.09, sampleRate: sampleRate, noise: &noise)
            }
            return parts[0] + gap + parts[1] + gap + parts[2]
        case .historyRecovered:
            // Middle then bright: rising.
            let low = burst(.middle, attack: 0.002, decay: 0.03, length: 0.09, sampleRate: sampleRate, noise: &noise)
            let high = burst(.bright, attack: 0.002, decay: 0.03, length: 0.09, sampleRate: sampleRate, noise: &noise)
            return low + gap + high
        }
    }

    public var duration: Double { Double(samples.count) / sampleRate }

    /// The samples at 16 bits (full scale 32767, rounded): how the box keeps a cue for as long as it
    /// runs, half the memory of floats; 96 dB of range is far more than a click or a thud needs.
    public var pcm16: [Int16] { samples.map { Int16((max(-1, min(1, $0)) * 32767).rounded()) } }

    /// The RMS of the cue's loudest 10 ms: what the ear takes for the loudness of a short burst.
    public var loudestRMS: Double {
        let window = max(1, Int(0.01 * sampleRate))
        var best = 0.0
        var sum = 0.0
        for index in samples.indices {
            sum += Double(samples[index]) * Double(samples[index])
            if index >= window { sum -= Double(samples[index - window]) * Double(samples[index - window]) }
            best = max(best, sum)
        }
        return (best / Double(min(window, samples.count))).squareRoot()
    }

    /// The playback amplitude that puts the cue's loudest 10 ms `level` below a training note whose
    /// RMS (as rendered by the instrument in use) is `noteRMS`. Relative to the note actually heard,
    /// not to full scale: a quiet instrument gets quiet cues.
    public func amplitude(level: AmplitudeDB, relativeToNoteRMS noteRMS: Double) -> AmplitudeDB {
        Self.amplitude(level: level, relativeToNoteRMS: noteRMS, loudestRMS: loudestRMS)
    }

    /// The same for a cue whose loudest 10 ms have the RMS `loudestRMS` (a player that keeps the
    /// cue's samples only as the engine mixes them).
    public static func amplitude(level: AmplitudeDB, relativeToNoteRMS noteRMS: Double, loudestRMS: Double) -> AmplitudeDB {
        let target = noteRMS * pow(10, level.rawValue / 20)
        let ratio: Double = max(target, 1e-9) / max(loudestRMS, 1e-9)
        let decibels: Double = 20 * log10(ratio)
        return AmplitudeDB(min(max(decibels, -90), 12))
    }

    private enum Colour {
        /// High-passed: a click-like tick.
        case bright
        /// Band-limited around 1–3 kHz.
        case middle
        /// Low-passed: a soft thud.
        case dull
    }

    private static func burst(_ colour: Colour, attack: Double, decay: Double, length: Double, sampleRate: Double,
                              noise: inout NoiseSource) -> [Float] {
        let count = Int(length * sampleRate)
        let lowPass = { (cutoff: Double) in Float(1 - exp(-2 * .pi * cutoff / sampleRate)) }
        var previous: Float = 0
        var low: Float = 0
        var result = [Float](repeating: 0, count: count)
        for index in 0..<count {
            let white = noise.next()
            let filtered: Float
            switch colour {
            case .bright:
                filtered = white - previous
            case .middle:
                low += lowPass(3_000) * ((white - previous) - low)
                filtered = low
            case .dull:
                low += lowPass(500) * (white - low)
                filtered = low
            }
            previous = white
            let time = Double(index) / sampleRate
            let rise = min(1, time / attack)
            // The last 3 ms fade to zero so a cue never ends in a click.
            let tail = min(1, (length - time) / 0.003)
            result[index] = filtered * Float(rise * exp(-max(0, time - attack) / decay) * tail)
        }
        return result
    }
}

/// A small deterministic white-noise generator, so a cue sounds the same every run.
private struct NoiseSource {
    private var state: UInt64

    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }

    mutating func next() -> Float {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Float(Double(state >> 11) / Double(1 << 53)) * 2 - 1
    }
}

private extension FeedbackCue.Kind {
    var hashSeed: Int {
        switch self {
        case .answer(.correct): 1
        case .answer(.wrong): 2
        case .answer(.close): 3
        case .answer(.moderate): 4
        case .answer(.far): 5
        case .alert(.historyUnavailable): 6
        case .alert(.historyRecovered): 7
        }
    }
}
