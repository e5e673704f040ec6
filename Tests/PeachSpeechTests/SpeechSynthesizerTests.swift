import Foundation
import PeachDomain
import Testing
@testable import PeachSpeech

@Suite("Speech synthesis (eSpeak NG)")
struct SpeechSynthesizerTests {
    let synthesizer = SpeechSynthesizer()

    /// RMS of consecutive 20 ms frames, full scale 1.
    static func frameLevels(_ spoken: SpokenSamples) -> [Float] {
        let frame = Int(spoken.sampleRate / 50)
        return stride(from: 0, to: spoken.samples.count - frame, by: frame).map { start in
            let power = spoken.samples[start..<start + frame].reduce(Float(0)) { $0 + Float($1) * Float($1) } / Float(frame)
            return power.squareRoot() / 32768
        }
    }

    /// The fundamental of the loudest 40 ms, by autocorrelation over 60–400 Hz.
    static func fundamental(_ spoken: SpokenSamples) -> Double {
        let levels = frameLevels(spoken)
        let frame = Int(spoken.sampleRate / 50)
        let loudest = (levels.indices.max { levels[$0] < levels[$1] } ?? 0) * frame
        let window = spoken.samples[loudest..<min(loudest + 2 * frame, spoken.samples.count)].map { Float($0) / 32768 }
        var best = (lag: 1, value: -Float.infinity)
        for lag in Int(spoken.sampleRate / 400)...Int(spoken.sampleRate / 60) {
            var value: Float = 0
            for index in 0..<(window.count - lag) { value += window[index] * window[index + lag] }
            if value > best.value { best = (lag, value) }
        }
        return spoken.sampleRate / Double(best.lag)
    }

    @Test("each language's voice is loaded from its own file, not found by reading every voice", arguments: Language.allCases)
    func voiceFromItsFile(language: Language) throws {
        // Another language first, so that this one is chosen anew.
        _ = try synthesizer.phonemes("a", in: language == .english ? .german : .english)
        let phonemes = try synthesizer.phonemes(language == .english ? "three" : "drei", in: language)
        #expect(SpeechSynthesizer.voiceCameFromFile)
        #expect(phonemes.contains(language == .english ? "T" : "dr"), "\(phonemes)")
    }

    @Test("an English prompt is a second or two of voiced speech at eSpeak NG's 22,050 Hz, at full scale, with pauses")
    func english() throws {
        let samples = try synthesizer.speak("Hear and compare, single notes", in: .english)
        #expect(samples.sampleRate == 22_050)
        let seconds = samples.seconds
        #expect(seconds > 1 && seconds < 4, "\(seconds) s")
        #expect(samples.samples.map { abs(Int($0)) }.max() == 32767)
        let levels = Self.frameLevels(samples)
        #expect(levels.filter { $0 > 0.05 }.count > levels.count / 3)      // mostly speech
        #expect(levels.contains { $0 < 0.01 })                            // and some pause
        #expect((60...300).contains(Self.fundamental(samples)), "f0 \(Self.fundamental(samples)) Hz")
    }

    @Test("German is spoken with the German voice: another sound for another text, numbers said in German")
    func german() throws {
        let german = try synthesizer.speak("sechs Komma zwei Cent", in: .german)
        let english = try synthesizer.speak("six point two cents", in: .english)
        #expect(german.seconds > 0.5 && english.seconds > 0.5)
        #expect(german != english)
        let again = try synthesizer.speak("sechs Komma zwei Cent", in: .german)
        #expect(abs(again.seconds / german.seconds - 1) < 0.02)   // the same utterance again
    }

    @Test("calls from several threads at once are serialised and give the same samples")
    func concurrent() async throws {
        let expected = try synthesizer.speak("Tune and match", in: .english)
        let synthesizer = self.synthesizer
        let results = try await withThrowingTaskGroup(of: SpokenSamples.self) { group in
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
        #expect(results.filter { abs($0.seconds / expected.seconds - 1) < 0.1 }.count == 2)
        #expect(results.allSatisfy { $0.seconds > 0.5 })
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
