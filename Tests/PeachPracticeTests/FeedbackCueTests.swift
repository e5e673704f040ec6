import Foundation
import PeachDomain
import PeachPractice
import Testing

@Suite("Feedback cues")
struct FeedbackCueTests {
    /// The strongest periodicity in the pitch range of training notes (50–2000 Hz), as a fraction of
    /// the signal's energy: close to 1 for a tone, small for noise.
    private func periodicity(_ samples: [Float], sampleRate: Double) -> Double {
        let energy = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        let lags = Int(sampleRate / 2000)...Int(sampleRate / 50)
        return lags.map { lag in
            var sum = 0.0
            for index in lag..<samples.count { sum += Double(samples[index]) * Double(samples[index - lag]) }
            return sum / energy
        }.max() ?? 0
    }

    @Test("no cue has a pitch that could be mistaken for a training note", arguments: AnswerResult.allCases)
    func noClearPitch(feedback: AnswerResult) {
        let cue = FeedbackCue(feedback)
        #expect(periodicity(cue.samples, sampleRate: cue.sampleRate) < 0.5)
    }

    @Test("the periodicity measure does see a tone (so the test above can fail)")
    func measureSeesTone() {
        let tone = (0..<9_600).map { Float(sin(2 * Double.pi * 440 * Double($0) / 48_000)) }
        #expect(periodicity(tone, sampleRate: 48_000) > 0.9)
    }

    @Test("cues are short enough for the 0.4 s feedback pause, start and end quietly, and peak at 1",
          arguments: AnswerResult.allCases)
    func shape(feedback: AnswerResult) throws {
        let cue = FeedbackCue(feedback)
        #expect(cue.duration > 0.02 && cue.duration < 0.3)
        let first = try #require(cue.samples.first)
        let last = try #require(cue.samples.last)
        #expect(abs(first) < 0.05 && abs(last) < 0.01)
        #expect(abs(cue.samples.map(abs).max()! - 1) < 1e-6)
    }

    @Test("good and bad sound different, and so do close, moderate and far")
    func distinct() {
        #expect(FeedbackCue(.correct).samples != FeedbackCue(.wrong).samples)
        let matching = [AnswerResult.close, .moderate, .far].map { FeedbackCue($0).samples }
        #expect(Set(matching.map(\.count)).count == 3)
    }

    @Test("alerts sound unlike every answer cue and unlike each other, have no pitch, and fade in and out",
          arguments: BoxAlert.allCases)
    func alerts(alert: BoxAlert) throws {
        let cue = FeedbackCue(alert)
        for feedback in AnswerResult.allCases {
            #expect(cue.duration > FeedbackCue(feedback).duration, "an alert is longer than \(feedback)")
        }
        #expect(BoxAlert.allCases.filter { $0 != alert }.allSatisfy { FeedbackCue($0).samples != cue.samples })
        #expect(periodicity(cue.samples, sampleRate: cue.sampleRate) < 0.5)
        #expect(cue.duration < 0.5)
        let first = try #require(cue.samples.first)
        let last = try #require(cue.samples.last)
        #expect(abs(first) < 0.05 && abs(last) < 0.01)
    }

    @Test("a cue sounds the same every time")
    func deterministic() {
        #expect(FeedbackCue(.moderate) == FeedbackCue(.moderate))
    }

    @Test("at the default level a cue's loudest 10 ms are 20 dB below the note's RMS, whatever the instrument's level",
          arguments: AnswerResult.allCases, [0.05, 0.2])
    func level(feedback: AnswerResult, noteRMS: Double) {
        let cue = FeedbackCue(feedback)
        let amplitude = cue.amplitude(level: FeedbackCue.defaultLevel, relativeToNoteRMS: noteRMS)
        let heard = cue.loudestRMS * amplitude.linearGain
        #expect(abs(20 * log10(heard / noteRMS) - FeedbackCue.defaultLevel.rawValue) < 0.01)
        #expect(FeedbackCue.defaultLevel.rawValue <= -12)
    }

    @Test("kept at 16 bits, every cue is its samples within half a step of 1/32767, its peak at full scale",
          arguments: AnswerResult.allCases.map(FeedbackCue.Kind.answer) + BoxAlert.allCases.map(FeedbackCue.Kind.alert))
    func sixteenBits(kind: FeedbackCue.Kind) {
        let cue = FeedbackCue(kind: kind)
        let pcm16 = cue.pcm16
        #expect(pcm16.count == cue.samples.count)
        let worst = zip(pcm16, cue.samples).map { abs(Double($0) - Double($1) * 32767) }.max() ?? 0
        #expect(worst <= 0.501)  // half a step, and Float arithmetic's own rounding of sample × 32767
        #expect(pcm16.map { abs(Int($0)) }.max() == 32767)
    }
}
