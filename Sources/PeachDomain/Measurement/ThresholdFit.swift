import Foundation

/// The maximum a posteriori fit of a `ThresholdModel` to binned answers (Fisher scoring), with the
/// Laplace approximation: the covariance of the parameters and the model's log evidence.
struct ThresholdFit: Sendable {
    let model: ThresholdModel
    let parameters: [Double]
    let covariance: SymmetricMatrix
    /// log p(answers | model), Laplace-approximated: chooses the smoothness.
    let logEvidence: Double

    private struct Row {
        var indices: [Int]
        var gradient: [Double]  // ∂z/∂θ at the indices
    }

    /// - Parameter start: where Fisher scoring starts (a previous fit of the same model shape); the
    ///   prior mean otherwise.
    init?(bins: [(key: AnswerBins.Key, counts: AnswerBins.Counts)], model: ThresholdModel, start: [Double]? = nil) {
        let mean = model.priorMean
        let priorPrecision = model.priorPrecision
        var theta = start.flatMap { $0.count == mean.count ? $0 : nil } ?? mean
        var information = priorPrecision
        for _ in 0..<80 {
            var gradient = priorPrecision.times(zip(mean, theta).map { $0 - $1 })
            information = priorPrecision
            Self.accumulate(bins: bins, model: model, theta: theta) { row, score, weight, _ in
                for (index, dz) in zip(row.indices, row.gradient) { gradient[index] += score * dz }
                information.addOuterProduct(indices: row.indices, values: row.gradient, weight: weight)
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
        var logLikelihood = 0.0
        Self.accumulate(bins: bins, model: model, theta: theta) { _, _, _, term in logLikelihood += term }
        let deviation = zip(theta, mean).map { $0 - $1 }
        let penalty = zip(deviation, priorPrecision.times(deviation)).reduce(0) { $0 + $1.0 * $1.1 }
        self.model = model
        parameters = theta
        covariance = factor.inverse()
        logEvidence = logLikelihood - penalty / 2 + priorFactor.logDeterminant / 2 - factor.logDeterminant / 2
    }

    /// For every bin: its row of ∂z/∂θ, the score ∂log-likelihood/∂z, the Fisher weight and the
    /// log-likelihood term.
    private static func accumulate(bins: [(key: AnswerBins.Key, counts: AnswerBins.Counts)], model: ThresholdModel, theta: [Double],
                                   _ body: (Row, Double, Double, Double) -> Void) {
        let slope = exp(theta[model.slopeIndex])
        let span = PsychometricFunction.span
        var row = Row(indices: [], gradient: [])
        row.indices.reserveCapacity(5)
        row.gradient.reserveCapacity(5)
        for (key, counts) in bins {
            let (index, upper) = model.basis(Double(key.note))
            var logThreshold = (1 - upper) * theta[index] + upper * theta[index + 1]
            row.indices.removeAll(keepingCapacity: true)
            row.gradient.removeAll(keepingCapacity: true)
            row.indices.append(index)
            row.indices.append(index + 1)
            row.gradient.append(-slope * (1 - upper))
            row.gradient.append(-slope * upper)
            if let factor = model.intervalIndex(key.interval) {
                logThreshold += theta[factor]
                row.indices.append(factor)
                row.gradient.append(-slope)
            }
            if key.isLater, let shift = model.shiftIndex {
                logThreshold += theta[shift]
                row.indices.append(shift)
                row.gradient.append(-slope)
            }
            let distance = Double(key.level) * AnswerBins.logStep - logThreshold
            row.indices.append(model.slopeIndex)
            row.gradient.append(slope * distance)
            let l = PsychometricFunction.logistic(slope * distance + PsychometricFunction.criterionOffset)
            let p = PsychometricFunction.guessRate + span * l
            let dp = span * l * (1 - l)
            let score = (counts.correct / p - counts.wrong / (1 - p)) * dp
            let weight = (counts.correct + counts.wrong) * dp * dp / (p * (1 - p))
            body(row, score, weight, counts.correct * log(p) + counts.wrong * log(1 - p))
        }
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
