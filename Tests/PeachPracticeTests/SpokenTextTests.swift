import PeachDomain
import PeachPractice
import Testing

/// What the box says, in both languages: the report as the measurement defines it (value and
/// interval, or "not enough answers yet"), the trend and the last result.
@Suite("Spoken texts")
struct SpokenTextTests {
    static let threshold = MeasuredValue.measured(IntervalEstimate(value: 6.2, low: 5.04, high: 7.6))

    @Test("the report of Hear & Compare: threshold with its interval, trend, last answer (English)")
    func reportEnglish() {
        let report = SpokenReport(mode: .compare, measurement: Self.threshold,
                                  trend: ProgressChange(earlier: 9.3, later: 6.2, fittedZ: -4, answersAgo: 750),
                                  last: .compare(correct: true, cents: 6.04))
        #expect(SpokenText.text(for: .report(report), in: .english) == """
            Hear and compare, single notes. Your threshold: 6.2 cents, between 5.0 and 7.6. \
            Improving: 3.1 cents lower than 750 answers ago. Last answer: right, at 6.0 cents.
            """)
        #expect(SpokenText.text(for: .report(report), in: .german).contains("Du wirst besser: 3,1 Cent tiefer als vor 750 Antworten."))
    }

    @Test("the same report in German, numbers with a decimal comma")
    func reportGerman() {
        let report = SpokenReport(mode: .compareIntervals, measurement: Self.threshold,
                                  trend: ProgressChange(earlier: 6.0, later: 6.2, fittedZ: 0.5, answersAgo: 300),
                                  last: .compare(correct: false, cents: 0.456))
        #expect(SpokenText.text(for: .report(report), in: .german) == """
            Hören und vergleichen, Intervalle. Deine Schwelle: 6,2 Cent, zwischen 5,0 und 7,6. \
            Gleichbleibend. Letzte Antwort: falsch, bei 0,46 Cent.
            """)
    }

    @Test("not enough answers yet, no trend, no answer in this run")
    func notEnough() {
        let report = SpokenReport(mode: .compare, measurement: .notEnoughAnswers, trend: nil, last: nil)
        #expect(SpokenText.text(for: .report(report), in: .english)
                == "Hear and compare, single notes. Your threshold: not enough answers yet. No trend yet.")
        #expect(SpokenText.text(for: .report(report), in: .german)
                == "Hören und vergleichen, einzelne Töne. Deine Schwelle: noch nicht genug Antworten. Noch kein Trend.")
    }

    @Test("a threshold beyond the offsets asked is said as above or below them, never as a number")
    func beyondTheOffsets() {
        let above = SpokenReport(mode: .compare, measurement: .above(100), trend: nil, last: nil)
        #expect(SpokenText.text(for: .report(above), in: .english)
                == "Hear and compare, single notes. Your threshold: above 100 cents, where the largest differences were asked. No trend yet.")
        let below = SpokenReport(mode: .compare, measurement: .below(0.1), trend: nil, last: nil)
        #expect(SpokenText.text(for: .report(below), in: .german).contains("Deine Schwelle: unter 0,10 Cent, wo die kleinsten Unterschiede gefragt wurden."))
    }

    @Test("Tune & Match: the mean error with its interval, a declining trend and the last answer's direction")
    func matching() {
        let report = SpokenReport(mode: .match, measurement: .measured(IntervalEstimate(value: 4.1, low: 3.5, high: 4.8)),
                                  trend: ProgressChange(earlier: 4.0, later: 5.5, z: 3.5), last: .match(error: -2.3))
        #expect(SpokenText.text(for: .report(report), in: .english) == """
            Tune and match, single notes. Your mean error: 4.1 cents, between 3.5 and 4.8. \
            Declining: 1.5 cents higher. Last answer: 2.3 cents flat.
            """)
        #expect(SpokenText.text(for: .report(report), in: .german) == """
            Stimmen und treffen, einzelne Töne. Deine mittlere Abweichung: 4,1 Cent, zwischen 3,5 und 4,8. \
            Etwas schlechter: 1,5 Cent höher. Letzte Antwort: 2,3 Cent zu tief.
            """)
    }

    @Test("every prompt has words in both languages, and they differ", arguments: SpokenPrompt.fixed)
    func bothLanguages(prompt: SpokenPrompt) {
        let english = SpokenText.text(for: prompt, in: .english), german = SpokenText.text(for: prompt, in: .german)
        #expect(!english.isEmpty && !german.isEmpty)
        #expect(english != german)
    }
}
