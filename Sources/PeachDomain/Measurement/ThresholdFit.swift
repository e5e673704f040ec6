import Foundation

/// The maximum a posteriori fit of a `ThresholdModel` to binned answers (Fisher scoring), with the
/// Laplace approximation: the covariance of the parameters and the model's log evidence.
struct ThresholdFit: Sendable {
    let model: ThresholdModel
    let parameters: [Double]
    let covariance: SymmetricMatrix
    /// log p(answers | model), Laplace-approximated: chooses the smoothness.
    let logEvidence: Double

    /// A bin as the fit reads it: the model's lookups for its key (knots, factors) are made once per
    /// fit, not once per scoring step, and its row of ∂z/∂θ (at most five parameters) is kept in
    /// place rather than in arrays rebuilt for every bin.
    private struct Term {
        let knot: Int
        let upper: Double
        /// The interval's factor and the later answers' shift; −1 where the bin has none.
        let factor: Int
        let shift: Int
        let level: Double
        let correct: Double
        let wrong: Double
    }

    /// - Parameter start: where Fisher scoring starts (a previous fit of the same model shape); the
    ///   prior mean otherwise.
    init?(bins: [(key: AnswerBins.Key, counts: AnswerBins.Counts)], model: ThresholdModel, start: [Double]? = nil) {
        let mean = model.priorMean
        let priorPrecision = model.priorPrecision
        let terms = Self.terms(bins, model: model)
        var theta = start.flatMap { $0.count == mean.count ? $0 : nil } ?? mean
        var information = priorPrecision
        var indices = [Int](repeating: 0, count: 5)
        var values = [Double](repeating: 0, count: 5)
        for _ in 0..<80 {
            var gradient = priorPrecision.times(zip(mean, theta).map { $0 - $1 })
            information = priorPrecision
            let slope = exp(theta[model.slopeIndex])
            for term in terms {
                let (count, z) = Self.row(term, theta: theta, slope: slope, slopeIndex: model.slopeIndex,
                                          indices: &indices, values: &values)
                let (score, weight) = Self.scoreAndWeight(term, z: z)
                for k in 0..<count { gradient[indices[k]] += score * values[k] }
                information.addOuterProduct(indices: indices, values: values, count: count, weight: weight)
            }
            guard let factor = information.cholesky() else { return nil }
            var step = factor.solve(gradient)
            let largest = step.map(\.magnitude).max() ?? 0
            guard largest.isFinite else { return nil }
            if largest > 1 { step = step.map { $0 / largest } }
            for index in theta.indices { theta[index] += step[index] }
            if largest < 1e-7 { break }
        }
        guard let factor = information.cholesky(), let priorFactor = priorPrecision.cholesky() else { return nil }
        let slope = exp(theta[model.slopeIndex])
        var logLikelihood = 0.0
        for term in terms {
            let (_, z) = Self.row(term, theta: theta, slope: slope, slopeIndex: model.slopeIndex, indices: &indices, values: &values)
            let p = PsychometricFunction.guessRate + PsychometricFunction.span * PsychometricFunction.logistic(z)
            logLikelihood += term.correct * log(p) + term.wrong * log(1 - p)
        }
        let deviation = zip(theta, mean).map { $0 - $1 }
        let penalty = zip(deviation, priorPrecision.times(deviation)).reduce(0) { $0 + $1.0 * $1.1 }
        self.model = model
        parameters = theta
        covariance = factor.inverse()
        logEvidence = logLikelihood - penalty / 2 + priorFactor.logDeterminant / 2 - factor.logDeterminant / 2
    }

    private static func terms(_ bins: [(key: AnswerBins.Key, counts: AnswerBins.Counts)], model: ThresholdModel) -> [Term] {
        bins.map { key, counts in
            let (knot, upper) = model.basis(Double(key.note))
            let shift = key.isLater ? model.shiftIndex ?? -1 : -1
            return Term(knot: knot, upper: upper, factor: model.intervalIndex(key.interval) ?? -1, shift: shift,
                        level: Double(key.level) * AnswerBins.logStep, correct: counts.correct, wrong: counts.wrong)
        }
    }

    /// A bin's row of ∂z/∂θ into `indices` and `values` (how many it fills is returned), and z, the
    /// psychometric function's argument at `theta`.
    @inline(__always)
    private static func row(_ term: Term, theta: [Double], slope: Double, slopeIndex: Int,
                            indices: inout [Int], values: inout [Double]) -> (count: Int, z: Double) {
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
        if term.shift >= 0 {
            logThreshold += theta[term.shift]
            indices[count] = term.shift
            values[count] = -slope
            count += 1
        }
        let distance = term.level - logThreshold
        indices[count] = slopeIndex
        values[count] = slope * distance
        return (count + 1, slope * distance + PsychometricFunction.criterionOffset)
    }

    /// The score ∂log-likelihood/∂z and the Fisher weight of a bin at `z`.
    @inline(__always)
    private static func scoreAndWeight(_ term: Term, z: Double) -> (score: Double, weight: Double) {
        let span = PsychometricFunction.span
        let l = PsychometricFunction.logistic(z)
        let p = PsychometricFunction.guessRate + span * l
        let dp = span * l * (1 - l)
        let score = (term.correct / p - term.wrong / (1 - p)) * dp
        let weight = (term.correct + term.wrong) * dp * dp / (p * (1 - p))
        return (score, weight)
    }

    /// The log-threshold at `note` for answers whose intervals are mixed as `intervalShares`, and the
    /// gradient of it with respect to the parameters (for its variance).
    func logThreshold(note: Double, intervalShares: [DirectedInterval: Double], later: Bool = false)
        -> (value: Double, gradient: [Double]) {
        var gradient = [Double](repeating: 0, count: model.parameterCount)
        let (index, upper) = model.basis(note)
        gradient[index] = 1 - upper
        gradient[index + 1] = upper
        for (interval, share) in intervalShares {
            if let factor = model.intervalIndex(interval) { gradient[factor] += share }
        }
        if later, let shift = model.shiftIndex { gradient[shift] = 1 }
        let value = zip(gradient, parameters).reduce(0) { $0 + $1.0 * $1.1 }
        return (value, gradient)
    }

    func variance(along gradient: [Double]) -> Double {
        max(zip(gradient, covariance.times(gradient)).reduce(0) { $0 + $1.0 * $1.1 }, 0)
    }

    var slope: Double { exp(parameters[model.slopeIndex]) }
}
