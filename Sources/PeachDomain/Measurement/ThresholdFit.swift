import Foundation

/// The maximum a posteriori fit of a `ThresholdModel` to binned answers (Fisher scoring for the
/// answers, the true curvature for the bends' prior: `curvatureFactor`), with the
/// Laplace approximation: the covariance of the parameters and the model's log evidence.
struct ThresholdFit: Sendable {
    let model: ThresholdModel
    let parameters: [Double]
    let covariance: SymmetricMatrix
    /// log p(answers | model), Laplace-approximated: chooses the smoothness.
    let logEvidence: Double
    /// log p(answers | parameters) + log p(parameters), up to a constant: chooses between two modes.
    let logPosterior: Double

    /// The lapse rate a second fit starts from. The posterior can have two modes, a shallow slope with
    /// few lapses and a steep one with many (a player right 80 % of the time at every large offset),
    /// and Fisher scoring finds the one nearer its start (the prior mean: 2 %).
    static let frequentLapses = 0.15

    /// This fit, or one of the same model from `frequentLapses`, whichever reaches the higher posterior.
    func withTheOtherMode(bins: [(key: AnswerBins.Key, counts: AnswerBins.Counts)]) -> ThresholdFit {
        var start = parameters
        start[model.lapseIndex] = PsychometricFunction.lapseParameter(Self.frequentLapses)
        guard let other = ThresholdFit(bins: bins, model: model, start: start), other.logPosterior > logPosterior else {
            return self
        }
        return other
    }

    /// A bin as the fit reads it: the model's lookups for its key (knots, factors) are made once per
    /// fit, not once per scoring step, and its row of ∂p/∂θ (at most eight parameters) is kept in
    /// place rather than in arrays rebuilt for every bin.
    struct Term {
        let knot: Int
        let upper: Double
        /// The interval's factor; −1 where the bin has none.
        let factor: Int
        /// The past shifts around the answers' age (`ThresholdModel.ageBasis`; −1: none) and the upper's weight.
        let pastLower: Int
        let pastUpper: Int
        let pastWeight: Double
        let logOffset: Double
        let correct: Double
        let wrong: Double
    }

    /// How close to the mode, in log posterior, a fit stops: a millionth of a nat moves no figure.
    static let closeEnough = 1e-6

    /// - Parameter start: where Fisher scoring starts (a previous fit of the same model shape); the
    ///   prior mean otherwise.
    ///
    /// A step that lowers the posterior is halved until it does not (30 halvings per fit at most):
    /// without that, fits of flat or two-moded posteriors (a threshold beyond the offsets asked,
    /// many lapses) oscillated for all 80 steps with steps of 0.3–3 in the log parameters, and the
    /// interval and evidence were read off a point that was no mode.
    init?(bins: [(key: AnswerBins.Key, counts: AnswerBins.Counts)], model: ThresholdModel, start: [Double]? = nil) {
        let prior = model.prior
        let terms = Self.terms(bins, model: model)
        var theta = start.flatMap { $0.count == prior.mean.count ? $0 : nil } ?? prior.mean
        var point = Self.evaluate(terms, model: model, prior: prior, at: theta)
        var halvings = 0
        for _ in 0..<80 {
            guard let factor = Self.curvatureFactor(point.information, prior: prior, at: theta) else { return nil }
            var step = factor.solve(point.gradient)
            let largest = step.map(\.magnitude).max() ?? 0
            guard largest.isFinite else { return nil }
            // The rise a full step promises (half the Newton decrement): below `closeEnough` the mode is
            // reached for every purpose, and smaller steps only chase rounding, halving in vain.
            let rise = zip(point.gradient, step).reduce(0) { $0 + $1.0 * $1.1 } / 2
            if largest < 1e-7 || rise < Self.closeEnough { break }
            if largest > 1 { step = step.map { $0 / largest } }
            var next = zip(theta, step).map(+)
            var reached = Self.evaluate(terms, model: model, prior: prior, at: next)
            while !(reached.logPosterior >= point.logPosterior), halvings < 30 {
                halvings += 1
                step = step.map { $0 / 2 }
                next = zip(theta, step).map(+)
                reached = Self.evaluate(terms, model: model, prior: prior, at: next)
            }
            guard reached.logPosterior >= point.logPosterior else { break }
            (theta, point) = (next, reached)
        }
        guard let factor = Self.curvatureFactor(point.information, prior: prior, at: theta),
              let normal = prior.normalLogDeterminant else { return nil }
        self.model = model
        parameters = theta
        covariance = factor.inverse()
        logPosterior = point.logPosterior
        logEvidence = logPosterior + normal / 2 - factor.logDeterminant / 2
            + Double(prior.bends) * CurvaturePrior.normaliserAgainstNormal
    }

    /// The posterior's curvature, for the steps and, at the mode, the Laplace approximation: the
    /// scoring `information` with each bend's scoring weight replaced by its true curvature
    /// (`CurvaturePrior.observedWeight`, never larger). (With the scoring weights the steps along a
    /// large bend converged only linearly, and a fit stopped 1e-4 short of the mode in log.) Where that
    /// leaves a direction all but unheld (a pivot under a millionth of its diagonal: a bend so large
    /// the prior lets go, and few answers on its knots), the scoring information instead; a
    /// near-singular matrix would inflate the evidence.
    static func curvatureFactor(_ information: SymmetricMatrix, prior: ThresholdModel.Prior, at theta: [Double]) -> CholeskyFactor? {
        var observed = information
        for k in 0..<prior.bends {
            let bend = ThresholdModel.bend(at: k, of: theta)
            observed.addBend(at: k, weight: prior.curvature.observedWeight(bend) - prior.curvature.scoringWeight(bend))
        }
        return observed.cholesky(smallestPivotShare: 1e-6) ?? information.cholesky()
    }

    /// The posterior's gradient, its scoring information (the bends' with `CurvaturePrior.scoringWeight`)
    /// and its log (up to a constant) at `theta`.
    static func evaluate(_ terms: [Term], model: ThresholdModel, prior: ThresholdModel.Prior,
                         at theta: [Double]) -> (gradient: [Double], information: SymmetricMatrix, logPosterior: Double) {
        let deviation = zip(prior.mean, theta).map { $0 - $1 }
        var gradient = prior.precision.times(deviation)
        var information = prior.precision
        var logPosterior = -zip(deviation, gradient).reduce(0) { $0 + $1.0 * $1.1 } / 2
        for k in 0..<prior.bends {
            let bend = ThresholdModel.bend(at: k, of: theta)
            logPosterior += prior.curvature.logKernel(bend)
            let slope = prior.curvature.slope(bend)
            for (offset, coefficient) in ThresholdModel.bendCoefficients.enumerated() { gradient[k + offset] += coefficient * slope }
            information.addBend(at: k, weight: prior.curvature.scoringWeight(bend))
        }
        var indices = [Int](repeating: 0, count: 8)
        var values = [Double](repeating: 0, count: 8)
        let shared = Shared(theta: theta, model: model)
        for term in terms {
            let (count, p) = row(term, theta: theta, shared: shared, indices: &indices, values: &values)
            let score = term.correct / p - term.wrong / (1 - p)
            for k in 0..<count { gradient[indices[k]] += score * values[k] }
            information.addOuterProduct(indices: indices, values: values, count: count,
                                        weight: (term.correct + term.wrong) / (p * (1 - p)))
            logPosterior += term.correct * log(p) + term.wrong * log(1 - p)
        }
        return (gradient, information, logPosterior)
    }

    static func terms(_ bins: [(key: AnswerBins.Key, counts: AnswerBins.Counts)], model: ThresholdModel) -> [Term] {
        bins.map { key, counts in
            let (knot, upper) = model.basis(Double(key.note))
            let past = model.ageBasis(counts.age)
            return Term(knot: knot, upper: upper, factor: model.intervalIndex(key.interval) ?? -1,
                        pastLower: past?.lower ?? -1, pastUpper: past?.upper ?? -1, pastWeight: past?.upperWeight ?? 0, logOffset: Double(key.offsetStep) * AnswerBins.logStep, correct: counts.correct, wrong: counts.wrong)
        }
    }

    /// What every bin shares at `theta`: the slope, and the lapse rate with what depends on it.
    private struct Shared {
        let slope: Double
        let slopeIndex: Int
        let lapseIndex: Int
        /// 1 − guess − lapse: how far p(correct) rises above the guess rate.
        let span: Double
        let criterionOffset: Double
        /// ∂lapse/∂u and ∂z₀/∂u, u being the lapse rate's parameter.
        let lapseDerivative: Double
        let criterionOffsetDerivative: Double

        init(theta: [Double], model: ThresholdModel) {
            slope = exp(theta[model.slopeIndex])
            slopeIndex = model.slopeIndex
            lapseIndex = model.lapseIndex
            let lapse = PsychometricFunction.lapseRate(theta[model.lapseIndex])
            span = 1 - PsychometricFunction.guessRate - lapse
            criterionOffset = PsychometricFunction.criterionOffset(lapse: lapse)
            lapseDerivative = lapse * (1 - lapse / PsychometricFunction.largestLapseRate)
            // z₀ = logit(q), q = (criterion − guess) / span: ∂z₀/∂lapse = 1 / ((1 − q) · span).
            let share = (PsychometricFunction.criterion - PsychometricFunction.guessRate) / span
            criterionOffsetDerivative = lapseDerivative / ((1 - share) * span)
        }
    }

    /// A bin's row of ∂p/∂θ into `indices` and `values` (how many it fills is returned), and p, its
    /// chance of a right answer at `theta`.
    @inline(__always)
    private static func row(_ term: Term, theta: [Double], shared: Shared,
                            indices: inout [Int], values: inout [Double]) -> (count: Int, p: Double) {
        let slope = shared.slope
        var logThreshold = (1 - term.upper) * theta[term.knot] + term.upper * theta[term.knot + 1]
        indices[0] = term.knot
        indices[1] = term.knot + 1
        values[0] = -slope * (1 - term.upper)
        values[1] = -slope * term.upper
        var count = 2
        if term.factor >= 0 {
            logThreshold += theta[term.factor]
            indices[count] = term.factor
            values[count] = -slope
            count += 1
        }
        // The curve is the player's now; at an answer's own time it was moved by the past shifts.
        if term.pastLower >= 0 {
            logThreshold += (1 - term.pastWeight) * theta[term.pastLower]
            indices[count] = term.pastLower
            values[count] = -slope * (1 - term.pastWeight)
            count += 1
        }
        if term.pastUpper >= 0 {
            logThreshold += term.pastWeight * theta[term.pastUpper]
            indices[count] = term.pastUpper
            values[count] = -slope * term.pastWeight
            count += 1
        }
        let distance = term.logOffset - logThreshold
        indices[count] = shared.slopeIndex
        values[count] = slope * distance
        count += 1
        // So far ∂z/∂θ; p = guess + span · L(z), so ∂p/∂θ = span · L′(z) · ∂z/∂θ, and the lapse rate
        // moves both the span and z₀.
        let l = PsychometricFunction.logistic(slope * distance + shared.criterionOffset)
        let rise = shared.span * l * (1 - l)
        for k in 0..<count { values[k] *= rise }
        indices[count] = shared.lapseIndex
        values[count] = rise * shared.criterionOffsetDerivative - l * shared.lapseDerivative
        return (count + 1, PsychometricFunction.guessRate + shared.span * l)
    }

    /// The log-threshold at `note` for answers whose intervals are mixed as `intervalShares`, and the
    /// gradient of it with respect to the parameters (for its variance).
    func logThreshold(note: Double, intervalShares: [DirectedInterval: Double]) -> (value: Double, gradient: [Double]) {
        var gradient = [Double](repeating: 0, count: model.parameterCount)
        let (index, upper) = model.basis(note)
        gradient[index] = 1 - upper
        gradient[index + 1] = upper
        for (interval, share) in intervalShares {
            if let factor = model.intervalIndex(interval) { gradient[factor] += share }
        }
        let value = zip(gradient, parameters).reduce(0) { $0 + $1.0 * $1.1 }
        return (value, gradient)
    }

    /// The curve's shift `age` thousand answers ago relative to now (log units, the same at every key),
    /// and its gradient; nil without a drift.
    func pastShift(age: Double) -> (value: Double, gradient: [Double])? {
        guard let (lower, upper, weight) = model.ageBasis(age) else { return nil }
        var gradient = [Double](repeating: 0, count: model.parameterCount)
        if lower >= 0 { gradient[lower] = 1 - weight }
        gradient[upper] += weight
        return (zip(gradient, parameters).reduce(0) { $0 + $1.0 * $1.1 }, gradient)
    }

    func variance(along gradient: [Double]) -> Double {
        max(zip(gradient, covariance.times(gradient)).reduce(0) { $0 + $1.0 * $1.1 }, 0)
    }

    var slope: Double { exp(parameters[model.slopeIndex]) }
    var lapse: Double { PsychometricFunction.lapseRate(parameters[model.lapseIndex]) }
}
