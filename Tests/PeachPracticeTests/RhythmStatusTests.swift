import Foundation
import PeachDomain
@testable import PeachPractice
import PeachText
import PeachTestSupport
import Testing

/// The status line and the spoken report of the rhythm modes read the live rhythm profile.
@Suite("Rhythm status and report")
@MainActor
struct RhythmStatusTests {
    /// Compare Timing answers of a listener who hears 10 ms either way at 80 BPM (a sixteenth of
    /// 187.5 ms), right with the 2AFC psychometric function.
    func answered(_ count: Int, to rhythm: LiveRhythmProfile) {
        var random: any RandomNumberGenerator = SeededRandomGenerator(seed: 4)
        let tempo = TempoBPM(validating: 80)!
        for index in 0..<count {
            let offset = [4.0, 7, 10, 14, 20, 30][index % 6] * (index % 2 == 0 ? -1 : 1)
            let p = PsychometricFunction.probabilityCorrect(logOffset: log(abs(offset)), logThreshold: log(10), slope: 3, lapse: 0)
            rhythm.rhythmAnswered(.timing(TimingAnswer(tempo: tempo, offsetMs: offset,
                                                       isCorrect: Double.random(in: 0..<1, using: &random) < p,
                                                       timestamp: Date(timeIntervalSince1970: Double(index)))))
        }
    }

    @Test("Compare Timing: before enough answers the band says so; after, both thresholds with intervals, and the trainer starts from them")
    func timingFigures() throws {
        let rhythm = LiveRhythmProfile()
        answered(4, to: rhythm)
        #expect(PracticeStatus.rhythmFigures(.compareTiming, rhythm, Texts(.english)) == "not enough answers yet at 80–99 BPM")
        answered(600, to: rhythm)
        let line = PracticeStatus.rhythmFigures(.compareTiming, rhythm, Texts(.english))
        #expect(line.hasPrefix("early ") && line.contains(", late "), "\(line)")
        let shares = rhythm.measuredShares(in: TempoBand(containing: TempoBPM(validating: 90)!))
        let early = try #require(shares[.early]) * 187.5
        #expect(early > 7 && early < 14, "early threshold \(early) ms")
        let report = ProfileReportSource(profile: PerceptualProfile(), settings: FixedSettingsProvider(), rhythm: rhythm)
        guard case .timing(let measuredEarly?, let measuredLate?)? = report.rhythmMeasurement(for: .compareTiming) else {
            Issue.record("no timing figures in the report")
            return
        }
        #expect(measuredEarly.low < 10 && 10 < measuredEarly.high)
        #expect(measuredLate.low < 10 && 10 < measuredLate.high)
        let said = SpokenText.text(for: .report(SpokenReport(mode: .compareTiming, measurement: .notEnoughAnswers, trend: nil,
                                                             last: .timing(correct: true, milliseconds: 9.4),
                                                             rhythm: report.rhythmMeasurement(for: .compareTiming))), in: .english)
        #expect(said.hasPrefix("Compare timing: is the third click early or late? Your threshold, early: "), "\(said)")
        #expect(said.contains("Your threshold, late: ") && said.hasSuffix("Last answer: right, at 9.4 milliseconds."), "\(said)")
    }

    @Test("Fill the Gap: bias and spread of every tap; an early bias is said as early, its interval turned round")
    func tappingFigures() throws {
        let rhythm = LiveRhythmProfile()
        let taps = (0..<16).map { GapTaps.Tap(position: GapPosition(rawValue: $0 % 4)!, offsetMs: -5 + Double($0 % 3) - 1) }
        rhythm.rhythmAnswered(.gapFill(try #require(GapFillAnswer(tempo: TempoBPM(validating: 80)!, meanOffsetMs: -5,
                                                                  timestamp: Date(), taps: GapTaps(hits: taps, misses: 0)))))
        let bias = try #require(rhythm.profile.tapping.bias)
        let mean: Double = taps.map(\.offsetMs).reduce(0, +) / Double(taps.count)
        #expect(abs(bias.value - mean) < 1e-9)
        #expect(PracticeStatus.rhythmFigures(.fillTheGap, rhythm, Texts(.english)).hasPrefix("on average -5"))
        let said = SpokenText.text(for: .report(SpokenReport(mode: .fillTheGap, measurement: .notEnoughAnswers, trend: nil,
                                                             last: nil, rhythm: .tapping(bias: bias, spread: rhythm.profile.tapping.spread))),
                                   in: .english)
        #expect(said.contains(" milliseconds early on average, between "), "\(said)")
    }
}
