import Foundation
import Testing
@testable import PeachDomain

/// The fit follows a player who changes: answers are dated by block, and the curve is the player's
/// now, its shift in the past a smooth function of the answers' age.
@Suite("Threshold drift")
struct ThresholdDriftTests {
    @Test("an answer's age falls between two past shifts, the newest between now and the first")
    func ageBasis() throws {
        let model = ThresholdModel(notes: 36...84, intervals: [.prime], drift: 0.5, smoothness: 0.3)
        let first = try #require(model.ageIndex)
        #expect(model.ageBasis(0) == nil)
        let cases: [(Double, Int, Int, Double)] = [(0.25, -1, first, 0.5), (0.75, first, first + 1, 0.5),
                                                   (4, first + 3, first + 4, 0.5), (9, first + 3, first + 4, 1)]
        for (age, lower, upper, weight) in cases {
            let basis = try #require(model.ageBasis(age))
            #expect(basis.lower == lower && basis.upper == upper && abs(basis.upperWeight - weight) < 1e-12, "age \(age)")
        }
        #expect(ThresholdModel(notes: 36...84, intervals: [.prime], smoothness: 0.3).ageBasis(1) == nil)
        #expect(model.slopeIndex == first + ThresholdModel.ageKnots.count)
    }

    /// A steady change at rate r costs (r / spread)² / 2 for its rate, a change of rate its own, and
    /// each past shift g its (g / priorPastShiftSpread)² / 2.
    @Test("the drift's prior: the rate now, each change of rate and each past shift, nothing else",
          arguments: ThresholdModel.driftChoices)
    func driftPrior(spread: Double) throws {
        let model = ThresholdModel(notes: 36...84, intervals: [.prime], drift: spread, smoothness: 0.3)
        let first = try #require(model.ageIndex)
        func quadratic(_ past: (Double) -> Double) -> Double {
            var theta = [Double](repeating: 0, count: model.parameterCount)
            for (offset, age) in ThresholdModel.ageKnots.enumerated() { theta[first + offset] = past(age) }
            return zip(theta, model.priorPrecision.times(theta)).reduce(0) { $0 + $1.0 * $1.1 }
        }
        let rate = 0.7, shiftSpread = ThresholdModel.priorPastShiftSpread
        func shifts(_ past: (Double) -> Double) -> Double {
            ThresholdModel.ageKnots.reduce(0) { $0 + past($1) * past($1) } / (shiftSpread * shiftSpread)
        }
        let steady = rate * rate / (spread * spread) + shifts { rate * $0 }
        #expect(abs(quadratic { rate * $0 } - steady) < 1e-9 * steady)
        // Steady until 1,000 answers ago, flat before: one change of rate (at the knot at 1) of −rate,
        // over the midpoints 0.75 apart, besides the rate now.
        let change = ThresholdModel.driftChangeShare * spread
        let expected = rate * rate / (spread * spread) + rate * rate / (change * change * 0.75) + shifts { rate * min($0, 1) }
        #expect(abs(quadratic { rate * min($0, 1) } - expected) < 1e-9 * expected)
    }

    /// Moving every knot by the same amount moves the curve's mean, tilting it along a line its tilt:
    /// each has its own prior (`priorLogThresholdSpread`, `priorTiltSpread`) whatever the number of
    /// knots, not that many knots' priors at once, and the two are independent.
    @Test("the priors of the curve's mean and tilt are the same for a narrow and a wide range of notes",
          arguments: [48...72, 24...108])
    func meanAndTiltPrior(notes: ClosedRange<Int>) {
        let model = ThresholdModel(notes: notes, intervals: [.prime], smoothness: 0.3)
        let last = Double(model.knotCount - 1)
        func quadratic(_ a: [Double], _ b: [Double]) -> Double { zip(a, model.priorPrecision.times(b)).reduce(0) { $0 + $1.0 * $1.1 } }
        var mean = [Double](repeating: 0, count: model.parameterCount), tilt = mean
        for k in 0..<model.knotCount {
            mean[k] = 1
            tilt[k] = Double(k) / last - 0.5   // a rise of 1 from the lowest knot to the highest
        }
        let (spread, tiltSpread) = (ThresholdModel.priorLogThresholdSpread, ThresholdModel.priorTiltSpread)
        #expect(abs(quadratic(mean, mean) - 1 / (spread * spread)) < 1e-12, "\(model.knotCount) knots")
        #expect(abs(quadratic(tilt, tilt) - 1 / (tiltSpread * tiltSpread)) < 1e-12, "\(model.knotCount) knots")
        #expect(abs(quadratic(mean, tilt)) < 1e-12)
    }

    /// Fisher scoring climbs the gradient `ThresholdFit.row` builds by hand for every kind of parameter
    /// (knots, an interval's factor, the past shifts on both sides of an answer's age, slope, lapse):
    /// it must be the log posterior's, which central differences measure.
    @Test("the log posterior's gradient is its derivative, for every parameter")
    func gradientIsTheDerivative() {
        var random = SeededRandomGenerator(seed: 5)
        var bins = DecayingAnswerBins(halfLife: CompareAnswers.halfLife)
        let fifth = DirectedInterval(.perfectFifth, .up)
        for index in 0..<2500 {
            let threshold = 12 * exp2(-Double(index) / 2000)
            let offset = threshold * exp(Double.random(in: -1.5...1.5, using: &random))
            let p = PsychometricFunction.probabilityCorrect(logOffset: log(offset), logThreshold: log(threshold), slope: 3)
            bins.add(note: MIDINote(Int.random(in: 36...84, using: &random)), interval: index % 3 == 0 ? fifth : .prime,
                     offset: offset, isCorrect: Double.random(in: 0..<1, using: &random) < p)
        }
        let model = ThresholdModel(notes: 36...84, intervals: [.prime, fifth], drift: 0.5, smoothness: 0.3)
        let terms = ThresholdFit.terms(bins.current.entries, model: model)
        let prior = model.prior
        let theta = prior.mean.map { $0 + Double.random(in: -0.3...0.3, using: &random) }
        let gradient = ThresholdFit.evaluate(terms, model: model, prior: prior, at: theta).gradient
        let step = 1e-5
        for index in theta.indices {
            var up = theta, down = theta
            up[index] += step
            down[index] -= step
            let difference = (ThresholdFit.evaluate(terms, model: model, prior: prior, at: up).logPosterior
                - ThresholdFit.evaluate(terms, model: model, prior: prior, at: down).logPosterior) / (2 * step)
            #expect(abs(difference - gradient[index]) < 1e-4 * max(1, abs(gradient[index])),
                    "parameter \(index): \(gradient[index]) against \(difference)")
        }
    }

    @Test("answers are dated by block; those older than the last past shift are merged, so the bins stop growing")
    func blocks() throws {
        var decaying = DecayingAnswerBins(halfLife: 1000)
        for index in 0..<20_000 {
            decaying.add(note: MIDINote(60 + index % 3), interval: .prime, offset: 5, isCorrect: index % 4 != 0)
        }
        let bins = decaying.current
        let blocks = Set(bins.counts.keys.map(\.block))
        // Blocks of 100 answers back to 5,000 answers' age (the last past shift), and one for all older.
        // At 20,000 answers, block 149 (answers 14,900-14,999) is on average 5,049.5 answers old, 150 is 4,949.5.
        #expect(blocks == Set([AnswerBins.longAgo] + Array(150...199)), "\(blocks.sorted())")
        // Merging keeps every answer's weight.
        let expected = (0..<20_000).reduce(0.0) { $0 + exp2(-Double($1) / 1000) }
        #expect(abs(bins.weight - expected) / expected < 1e-9)
        #expect(abs(bins.entries.reduce(0) { $0 + $1.counts.correct + $1.counts.wrong } - expected) / expected < 1e-9)
        // Ages in thousands of answers: the newest block (answers 19,900-19,999) on average 0.0495 old.
        let ages = Dictionary(bins.entries.map { ($0.key.block, $0.counts.age) }) { first, _ in first }
        #expect(try abs(#require(ages[199]) - 0.0495) < 1e-12)
        #expect(ages[AnswerBins.longAgo] == AnswerBins.longAgoAge)
        #expect(ages.values.allSatisfy { $0 > 0 && $0 < AnswerBins.longAgoAge + 0.1 })
        // Undated bins have no ages, and their fit no drift.
        var undated = AnswerBins()
        undated.add(note: MIDINote(60), interval: .prime, offset: 5, isCorrect: true)
        #expect(!undated.isDated && undated.entries.allSatisfy { $0.counts.age == 0 })
    }

    /// Answers exactly as a player halving their threshold over 2,000 answers gives them (expected
    /// counts per block of 100): the fit says their threshold now, where the age weighting alone says
    /// a mean of their past.
    @Test("a player whose threshold halved over 2,000 answers is measured at their threshold now")
    func learner() throws {
        let now = 5.0, blocks = 20
        var dated = AnswerBins(), undated = AnswerBins()
        for block in 0..<blocks {
            let age = (Double(blocks - 1 - block) * 100 + 49.5) / 1000
            let threshold = now * exp2(age / 2)
            let weight = exp2(-age)
            for note in stride(from: 36, through: 84, by: 4) {
                for step in -6...6 {
                    let offset = threshold * exp(Double(step) * 0.15)
                    let p = PsychometricFunction.probabilityCorrect(logOffset: log(offset), logThreshold: log(threshold), slope: 3.5)
                    for (isCorrect, share) in [(true, p), (false, 1 - p)] {
                        let count = 2 * weight * share
                        dated.add(note: MIDINote(note), interval: .prime, offset: offset, isCorrect: isCorrect,
                                  weight: count, block: Int32(block))
                        undated.add(note: MIDINote(note), interval: .prime, offset: offset, isCorrect: isCorrect, weight: count)
                    }
                }
            }
        }
        let range = try NoteRange(lowest: MIDINote(36), highest: MIDINote(84))
        let measured = try #require(ThresholdEstimator.estimate(dated.dated(answersAdded: 100 * blocks), range: range)?.overall)
        let weighted = try #require(ThresholdEstimator.estimate(undated, range: range)?.overall)
        #expect(abs(measured.value / now - 1) < 0.05, "\(measured)")
        #expect(measured.low < now && now < measured.high)
        #expect(weighted.value / now > 1.2, "the age weighting alone: \(weighted)")
    }
}

/// Where the answers cannot tell a slow learner from a fast one, the threshold is theirs together.
@Suite("Weighted fits")
struct WeightedFitsTests {
    static func fit(drift: Double?) throws -> ThresholdFit {
        let bins = ThresholdEstimatorTests.expectedAnswers(threshold: { _ in 8 }, slope: 3.5, perBin: 5)
        let model = ThresholdModel(notes: 36...84, intervals: [.prime], drift: drift, smoothness: 0.3)
        return try #require(ThresholdFit(bins: bins.entries, model: model))
    }

    @Test("weights follow the scores, the likeliest first; the mixture has the mixed mean and variance")
    func mixture() throws {
        let slow = try Self.fit(drift: 0.05), fast = try Self.fit(drift: 1.5)
        let scores = [0.05: 0.0, 1.5: log(3.0)]
        let fits = try #require(WeightedFits([slow, fast], score: { scores[$0.model.drift ?? 0] ?? 0 }))
        #expect(fits.best.model.drift == 1.5 && abs(fits.weights[0] - 0.75) < 1e-12 && abs(fits.weights[1] - 0.25) < 1e-12)
        // 0.75·N(log 10, 0.1²) + 0.25·N(log 20, 0.2²): mean log 10 + 0.25·log 2, variance 0.0175 + 0.1875·(log 2)².
        let mixed = fits.mixed([(log(10), 0.1), (log(20), 0.2)])
        let mean = log(10) + 0.25 * log(2.0), deviation = (0.0175 + 0.1875 * log(2.0) * log(2.0)).squareRoot()
        #expect(abs(log(mixed.value) - mean) < 1e-12)
        #expect(abs(log(mixed.high) - mean - 1.96 * deviation) < 1e-12)
        // One fit alone is itself.
        let alone = try #require(WeightedFits([slow], score: { _ in 0 }))
        let itself = alone.mixed([(log(10), 0.1)])
        #expect(abs(itself.value - 10) < 1e-12 && abs(itself.high - 10 * exp(0.196)) < 1e-12)
    }

    @Test("a fit a hundred times less likely than the best is dropped, the rest weigh one together")
    func dropsTheUnlikely() throws {
        let slow = try Self.fit(drift: 0.05), fast = try Self.fit(drift: 1.5)
        let fits = try #require(WeightedFits([slow, fast], score: { $0.model.drift == 1.5 ? -log(200) : 0 }))
        #expect(fits.fits.count == 1 && fits.weights == [1] && fits.best.model.drift == 0.05)
    }
}
