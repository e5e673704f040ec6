import Foundation
import Testing
@testable import PeachDomain

@Suite("Bounds the answers at the extreme offsets give")
struct OffsetBoundsTests {
    /// Expected answers of a listener at `threshold` (logistic, slope 3.5, 2 % lapse), `perBin` at
    /// each of 21 offsets spread evenly in log over `offsets`, on every key of C2–C6.
    static func asked(threshold: (Int) -> Double, offsets: (Int) -> ClosedRange<Double>, perBin: Double = 4) -> AnswerBins {
        var bins = AnswerBins()
        for note in 36...84 {
            let range = offsets(note)
            for step in 0...20 {
                let offset = range.lowerBound * pow(range.upperBound / range.lowerBound, Double(step) / 20)
                let p = PsychometricFunction.probabilityCorrect(logOffset: log(offset), logThreshold: log(threshold(note)),
                                                                slope: 3.5)
                bins.add(note: MIDINote(note), interval: .prime, offset: offset, isCorrect: true, weight: perBin * p)
                bins.add(note: MIDINote(note), interval: .prime, offset: offset, isCorrect: false, weight: perBin * (1 - p))
            }
        }
        return bins
    }

    @Test("the Wilson interval: 8 of 10 is 0.49–0.94 at 95 %; 24 of 24 right is beyond 75 % at 99.7 %, 23 of 23 not yet")
    func wilson() {
        let eight = OffsetBounds.wilson(8, 10, z: 1.96)
        #expect(abs(eight.low - 0.4902) < 1e-4 && abs(eight.high - 0.9433) < 1e-4, "\(eight)")
        #expect(OffsetBounds.wilson(24, 24).low > 0.75)
        #expect(OffsetBounds.wilson(23, 23).low < 0.75)
        #expect(OffsetBounds.wilson(0, 0) == (0, 1))
    }

    @Test("a listener finer than the offsets asked is below them, one coarser above, one among them neither")
    func bounds() throws {
        let fine = Self.asked(threshold: { _ in 0.03 }, offsets: { _ in 0.4...100 }, perBin: 8)
        let coarse = Self.asked(threshold: { _ in 400 }, offsets: { _ in 25...100 }, perBin: 8)
        let among = Self.asked(threshold: { _ in 5 }, offsets: { _ in 1...100 })
        // 56 answers at the smallest offset asked, nearly all right, say it by themselves: below 0.4
        // (its bin's upper edge).
        let below = try #require(OffsetBounds.over(57...63, of: fine.entries).below)
        #expect(abs(below / 0.4 - 1) < 0.02, "\(below)")                 // within its bin
        #expect(OffsetBounds.over(57...63, of: fine.entries).above == nil)
        let above = try #require(OffsetBounds.over(57...63, of: coarse.entries).above)
        #expect(abs(above / 100 - 1) < 0.02, "\(above)")
        // Fewer answers at each offset: a wider group is needed, and its bound lies further in. Below:
        // 42 answers within twice the smallest offset, up to 0.4 × 1.318² = 0.695 (its bin's upper
        // edge). Above: 56 within a factor 1.25 of the largest, down to 25 × 1.072¹⁷ = 81.0 (its bin's
        // lower edge).
        let sparseBelow = try #require(OffsetBounds.over(57...63, of: Self.asked(threshold: { _ in 0.03 }, offsets: { _ in 0.4...100 },
                                                                                 perBin: 2).entries).below)
        #expect(sparseBelow > 0.695 && sparseBelow < 0.71, "\(sparseBelow)")
        let sparseAbove = try #require(OffsetBounds.over(57...63, of: Self.asked(threshold: { _ in 400 }, offsets: { _ in 25...100 },
                                                                                 perBin: 2).entries).above)
        #expect(sparseAbove > 80 && sparseAbove < 81, "\(sparseAbove)")
        #expect(OffsetBounds.over(57...63, of: coarse.entries).below == nil)
        #expect(OffsetBounds.over(57...63, of: among.entries) == OffsetBounds())
        #expect(OffsetBounds.over(90...100, of: among.entries) == OffsetBounds())   // no answers there
        // A player who has learnt: old answers at chance on 100 ct beside recent ones right on 0.4 ct.
        // Each end alone would bound the threshold, the two together contradict a rising p(correct).
        var learnt = AnswerBins()
        for index in 0..<60 {
            learnt.add(note: MIDINote(60), interval: .prime, offset: 100, isCorrect: index % 2 == 0)
            learnt.add(note: MIDINote(60), interval: .prime, offset: 0.4, isCorrect: true)
        }
        #expect(OffsetBounds.over(57...63, of: learnt.entries) == OffsetBounds())
    }

    /// Every answer right at the smallest offsets asked: the prior holds the fitted curve near them,
    /// with an interval that excludes the truth (0.03 ct); the answers say "below".
    @Test("a fitted interval reaching above what the answers allow is said as below their bound")
    func cutByTheAnswers() throws {
        let fine = Self.asked(threshold: { _ in 0.03 }, offsets: { _ in 0.4...100 }, perBin: 4)
        let estimate = try #require(ThresholdEstimator.estimate(fine, range: .standard))
        let bound = try #require(estimate.bounds[MIDINote(60)]?.below)
        #expect(estimate.value(at: MIDINote(60)) == .below(bound), "fitted \(String(describing: estimate.curve[MIDINote(60)]))")
        #expect(estimate.plotted(at: MIDINote(60)) == nil)
        guard case .below = estimate.overallValue else {
            Issue.record("overall: \(estimate.overallValue), fitted \(estimate.overallCurve)")
            return
        }
    }

    /// At the staircase's floor (0.1 ct) nothing will be asked further down: a fit below it is said
    /// as what its interval shows, where elsewhere it would wait for the answers (`justBeyond`).
    @Test("at the staircase's floor a fitted value below it is said: as fitted when its interval reaches the floor, else as below it")
    func beneathTheFloor() {
        let key = MIDINote(40)
        let floorBin = exp(-115.5 * AnswerBins.logStep)...100      // 0.0993: the 0.1 ct bin's lower edge
        func estimate(_ value: IntervalEstimate, asked: ClosedRange<Double> = floorBin,
                      bounds: OffsetBounds = OffsetBounds()) -> ThresholdEstimate {
            ThresholdEstimate(overallCurve: value, curve: [key: value], slope: 3.5, answerWeight: 1000,
                              offsetsAsked: asked, bounds: [key: bounds])
        }
        // Reaching into the floor's bin: the small extrapolation the answers there support.
        let reaching = IntervalEstimate(value: 0.095, low: 0.087, high: 0.104)
        #expect(estimate(reaching).value(at: key) == .measured(reaching))
        #expect(estimate(reaching).overallValue == .measured(reaching))
        #expect(estimate(reaching).plotted(at: key) == reaching)
        // Wholly below the floor's bin: below it, not a number the answers cannot reach.
        let beneath = IntervalEstimate(value: 0.07, low: 0.06, high: 0.085)
        #expect(estimate(beneath).value(at: key) == .below(floorBin.lowerBound))
        #expect(estimate(beneath).overallValue == .below(floorBin.lowerBound))
        #expect(estimate(beneath).plotted(at: key) == nil)
        // Reaching the floor from far below (the priors holding the curve up where every answer at the
        // floor is right: a 0.03 ct player's keys were fitted 0.07 (0.045–0.11)): below its upper end.
        #expect(estimate(IntervalEstimate(value: 0.07, low: 0.045, high: 0.11)).value(at: key) == .below(0.11))
        #expect(estimate(IntervalEstimate(value: 0.05, low: 0.02, high: 0.12)).value(at: key) == .below(0.12))
        // Reaching far above the floor too: "not enough answers yet".
        #expect(estimate(IntervalEstimate(value: 0.05, low: 0.01, high: 0.3)).value(at: key) == .notEnoughAnswers)
        // What the answers at the floor show by themselves comes first.
        #expect(estimate(reaching, bounds: OffsetBounds(below: 0.13)).value(at: key) == .below(0.13))
        // Above the floor, the staircase still on its way down: the same fits wait for the answers.
        let descending = 0.2...100.0
        #expect(estimate(IntervalEstimate(value: 0.19, low: 0.17, high: 0.21), asked: descending).value(at: key) == .notEnoughAnswers)
        #expect(estimate(IntervalEstimate(value: 0.15, low: 0.12, high: 0.18), asked: descending).value(at: key) == .notEnoughAnswers)
    }

    /// After 50 answers of a 10 ct player, keys fitted just under the smallest offset asked, 5.8 ct
    /// (3.5–9.6), were said "below 5.9 ct": the interval reaches back across it, and no answer says so.
    @Test("a value beyond the offsets asked is said as above or below only as far as the answers show")
    func justBeyond() {
        let key = MIDINote(40)
        func estimate(_ value: IntervalEstimate, bounds: OffsetBounds = OffsetBounds()) -> ThresholdEstimate {
            ThresholdEstimate(overallCurve: value, curve: [key: value], slope: 3.5, answerWeight: 50,
                              offsetsAsked: 5.9...100, bounds: [key: bounds])
        }
        let across = IntervalEstimate(value: 5.8, low: 3.5, high: 9.6)
        #expect(estimate(across).value(at: key) == .notEnoughAnswers)
        #expect(estimate(across).overallValue == .notEnoughAnswers)
        #expect(estimate(across, bounds: OffsetBounds(below: 8)).value(at: key) == .below(8))   // what the answers show
        // However narrow, a fitted interval beyond the offsets asked is the model's extrapolation: at 50
        // answers of a 150 ct player at chance, a lapse rate fitted near its largest put it wholly below 55 ct.
        #expect(estimate(IntervalEstimate(value: 4, low: 3, high: 5.5)).value(at: key) == .notEnoughAnswers)
        // Inside the offsets asked but reaching above what the answers allow (every answer right at
        // the smallest offsets, the prior holding the curve there): cut to the answers' "below".
        let held = IntervalEstimate(value: 6.5, low: 4.1, high: 10.3)
        #expect(estimate(held).value(at: key) == .measured(held))
        #expect(estimate(held, bounds: OffsetBounds(below: 8)).value(at: key) == .below(8))
        #expect(estimate(held, bounds: OffsetBounds(below: 12)).value(at: key) == .measured(held))   // within the bound
        // Wholly above the answers' "below" (old answers right at small offsets, the player worse now,
        // which the fit follows and the bound does not): the fit is said.
        let worse = IntervalEstimate(value: 9, low: 8.2, high: 9.9)
        #expect(estimate(worse, bounds: OffsetBounds(below: 6)).value(at: key) == .measured(worse))
        #expect(estimate(worse, bounds: OffsetBounds(below: 6)).overallValue == .measured(worse))
        // Inside the offsets asked but reaching above the largest (100 ct, where the staircase stops):
        // the model beyond every answer, not a measurement.
        let nearTheTop = IntervalEstimate(value: 80, low: 55, high: 118)
        let top = ThresholdEstimate(overallCurve: nearTheTop, curve: [key: nearTheTop], slope: 3.5, answerWeight: 50,
                                    offsetsAsked: 30...100, bounds: [key: OffsetBounds()])
        #expect(top.value(at: key) == .notEnoughAnswers)
        #expect(top.overallValue == .notEnoughAnswers)
        let belowTheTop = IntervalEstimate(value: 70, low: 55, high: 95)
        #expect(estimate(belowTheTop).value(at: key) == .measured(belowTheTop))
        let high = IntervalEstimate(value: 104, low: 60, high: 180)
        #expect(estimate(high).value(at: key) == .notEnoughAnswers)
        #expect(estimate(high, bounds: OffsetBounds(above: 50)).value(at: key) == .above(50))
        #expect(estimate(high, bounds: OffsetBounds(above: 50)).overallValue == .above(50))
    }

    /// Thresholds from 200 ct (C2) to 20 ct (C6), each key asked around its own threshold up to the
    /// 100 ct the staircase plays: the largest offsets are asked on the low keys only, where the
    /// player is far from 75 %. Pooled over all keys they would say "above 80" of a mean of 78 ct.
    @Test("the answers at the largest offsets speak for the keys they were asked on, not for the overall")
    func notPooledOverTheKeys() throws {
        let truth: (Int) -> Double = { note in 200 * pow(0.1, Double(note - 36) / 48) }
        let bins = Self.asked(threshold: truth, offsets: { note in min(truth(note) / 3, 50)...min(truth(note) * 3, 100) }, perBin: 6)
        let estimate = try #require(ThresholdEstimator.estimate(bins, range: .standard))
        let mean = (36...84).map(truth).reduce(0, +) / 49
        guard case .above = estimate.value(at: MIDINote(36)) else {
            Issue.record("C2, 200 ct: \(estimate.value(at: MIDINote(36)))")
            return
        }
        let overall = try #require(estimate.overall, "\(estimate.overallValue)")
        #expect(abs(overall.value / mean - 1) < 0.15, "\(overall) against \(mean)")
    }
}
