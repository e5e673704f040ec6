import PeachDomain
import PeachPractice
import Testing

/// A hearing check's result in words, for the box to say: the threshold to two figures with its
/// interval, and where it sits against the published figures (musicians ≈ 10 ct, non-musicians ≈ 38 ct).
@Suite("Hearing check result in words")
struct CheckResultTextTests {
    @Test("a measured threshold near musicians', in English and German")
    func measured() {
        let value = MeasuredValue.measured(IntervalEstimate(value: 12.3, low: 10.2, high: 15.4))
        #expect(SpokenText.checkResult(value, in: .english)
                == "You hear differences of about 12 cents, between 10 and 15. That is about where trained musicians are.")
        #expect(SpokenText.checkResult(value, in: .german)
                == "Du hörst Unterschiede von etwa 12 Cent, zwischen 10 und 15. Das ist etwa so fein wie bei geübten Musikern.")
    }

    @Test("every place against the published figures has its sentence", arguments: [
        (4.0, "finer than trained musicians"), (20.0, "between trained musicians and non-musicians"),
        (40.0, "about where non-musicians are"), (80.0, "coarser than most non-musicians"),
    ])
    func places(cents: Double, words: String) {
        let text = SpokenText.checkResult(.measured(IntervalEstimate(value: cents, low: cents / 1.3, high: cents * 1.3)), in: .english)
        #expect(text.contains(words), "\(text)")
    }

    @Test("bounds: a comparison only where the whole side beyond the bound is in one place; not enough answers says so")
    func bounds() {
        #expect(SpokenText.checkResult(.below(0.47), in: .english)
                == "You hear differences even smaller than 0.47 cents. That is finer than trained musicians usually hear.")
        #expect(SpokenText.checkResult(.above(20), in: .english) == "You hear differences only when they are larger than 20 cents.")
        #expect(SpokenText.checkResult(.notEnoughAnswers, in: .german).hasPrefix("Der Hörtest konnte deine Schwelle nicht messen"))
    }

    @Test("the published figures' boundaries lie a factor of √2 either side of 10 and 38 cents")
    func boundaries() {
        #expect(PublishedComparison(threshold: 7.0) == .finerThanMusicians)
        #expect(PublishedComparison(threshold: 7.2) == .likeMusicians)
        #expect(PublishedComparison(threshold: 14.0) == .likeMusicians)
        #expect(PublishedComparison(threshold: 14.3) == .betweenMusiciansAndNonMusicians)
        #expect(PublishedComparison(threshold: 27.0) == .likeNonMusicians)
        #expect(PublishedComparison(threshold: 53.7) == .likeNonMusicians)
        #expect(PublishedComparison(threshold: 54) == .coarserThanNonMusicians)
    }
}
