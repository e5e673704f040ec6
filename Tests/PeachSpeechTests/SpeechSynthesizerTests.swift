import Foundation
import PeachDomain
import Testing
@testable import PeachSpeech

@Suite("Speech synthesis (eSpeak NG)")
struct SpeechSynthesizerTests {
    let synthesizer = SpeechSynthesizer()

    /// RMS of consecutive 20 ms frames.
    static func frameLevels(_ samples: [Float]) -> [Float] {
        stride(from: 0, to: samples.count - 960, by: 960).map { start in
            (samples[start..<start + 960].reduce(0) { $0 + $1 * $1 } / 960).squareRoot()
        }
    }

    /// The fundamental of the loudest 40 ms, by autocorrelation over 60–400 Hz.
    static func fundamental(_ samples: [Float]) -> Double {
        let levels = frameLevels(samples)
        let loudest = (levels.indices.max { levels[$0] < levels[$1] } ?? 0) * 960
        let window = Array(samples[loudest..<min(loudest + 1920, samples.count)])
        var best = (lag: 1, value: -Float.infinity)
        for lag in 120...800 {
            var value: Float = 0
            for index in 0..<(window.count - lag) { value += window[index] * window[index + lag] }
            if value > best.value { best = (lag, value) }
        }
        return 48_000 / Double(best.lag)
    }

    @Test("each language's voice is loaded from its own file, not found by reading every voice", arguments: Language.allCases)
    func voiceFromItsFile(language: Language) throws {
        // Another language first, so that this one is chosen anew.
        _ = try synthesizer.phonemes("a", in: language == .english ? .german : .english)
        let phonemes = try synthesizer.phonemes(language == .english ? "three" : "drei", in: language)
        #expect(SpeechSynthesizer.voiceCameFromFile)
        #expect(phonemes.contains(language == .english ? "T" : "dr"), "\(phonemes)")
    }

    @Test("an English prompt is a second or two of voiced speech at 48 kHz, peak 1, with pauses")
    func english() throws {
        let samples = try synthesizer.speak("Hear and compare, single notes", in: .english)
        let seconds = Double(samples.count) / 48_000
        #expect(seconds > 1 && seconds < 4, "\(seconds) s")
        #expect(abs((samples.map(abs).max() ?? 0) - 1) < 1e-6)
        let levels = Self.frameLevels(samples)
        #expect(levels.filter { $0 > 0.05 }.count > levels.count / 3)      // mostly speech
        #expect(levels.contains { $0 < 0.01 })                            // and some pause
        #expect((60...300).contains(Self.fundamental(samples)), "f0 \(Self.fundamental(samples)) Hz")
    }

    @Test("German is spoken with the German voice: another sound for another text, numbers said in German")
    func german() throws {
        let german = try synthesizer.speak("sechs Komma zwei Cent", in: .german)
        let english = try synthesizer.speak("six point two cents", in: .english)
        #expect(german.count > 48_000 / 2 && english.count > 48_000 / 2)
        #expect(german != english)
        let again = try synthesizer.speak("sechs Komma zwei Cent", in: .german)
        #expect(abs(Double(again.count) / Double(german.count) - 1) < 0.02)   // the same utterance again
    }

    @Test("calls from several threads at once are serialised and give the same samples")
    func concurrent() async throws {
        let expected = try synthesizer.speak("Tune and match", in: .english)
        let synthesizer = self.synthesizer
        let results = try await withThrowingTaskGroup(of: [Float].self) { group in
            for index in 0..<4 {
                group.addTask {
                    try synthesizer.speak(index % 2 == 0 ? "Tune and match" : "Stimmen und treffen",
                                          in: index % 2 == 0 ? .english : .german)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        // Each call got its own utterance whole: the English ones about as long as the one spoken alone
        // (eSpeak's pauses vary a little after a change of voice), never two utterances run together.
        #expect(results.filter { abs(Double($0.count) / Double(expected.count) - 1) < 0.1 }.count == 2)
        #expect(results.allSatisfy { $0.count > 48_000 / 2 })
    }

    @Test("resampling 22,050 → 48,000 Hz keeps a tone's frequency")
    func resampling() {
        let tone = (0..<22_050).map { Int16(10_000 * sin(2 * Double.pi * 440 * Double($0) / 22_050)) }
        let out = SpeechSynthesizer.resampled(tone, from: 22_050)
        #expect(abs(out.count - 47_997) < 5)
        let crossings = zip(out, out.dropFirst()).filter { $0.0 < 0 && $0.1 >= 0 }.count
        #expect(abs(crossings - 440) <= 1)
    }
}

/// Numbers in the prompts are written as digits in each language's own form; eSpeak NG must read
/// them as the words a musician expects ("sechs Komma zwei Cent", "six point two cents").
@Suite("Numbers as eSpeak NG reads them")
struct SpokenNumberTests {
    let synthesizer = SpeechSynthesizer()

    /// The sounds alone: stress (`'` `,`) and unstressed-word marks (`_`) differ between a number eSpeak
    /// reads and the same words written out ("kOmA:" against "k'OmA:").
    static func sounds(_ phonemes: String) -> String { String(phonemes.filter { !"',_".contains($0) }) }

    @Test("German: a decimal comma is read as Komma, not as a pause between two numbers")
    func germanComma() throws {
        let digits = try synthesizer.phonemes("6,2 Cent, zwischen 5,0 und 7,6.", in: .german)
        let words = try synthesizer.phonemes("sechs Komma zwei Cent, zwischen fünf Komma null und sieben Komma sechs.", in: .german)
        #expect(Self.sounds(digits) == Self.sounds(words), "\(digits) | \(words)")
        #expect(Self.sounds(digits).contains("kOmA:"))
    }

    @Test("English: a decimal point is read as point")
    func englishPoint() throws {
        let digits = try synthesizer.phonemes("6.2 cents, between 5.0 and 7.6.", in: .english)
        let words = try synthesizer.phonemes("six point two cents, between five point zero and seven point six.", in: .english)
        #expect(Self.sounds(digits) == Self.sounds(words), "\(digits) | \(words)")
    }
}
