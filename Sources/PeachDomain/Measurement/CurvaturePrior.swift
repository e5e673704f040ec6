import Foundation

/// How smoothly a threshold changes over the keyboard: each second difference of the curve's knots
/// (a bend) has a Cauchy prior (Student t, one degree of freedom) of scale `spread`, not a normal one.
/// Most bends are small, a few may be large: a player finest at one note and coarser on both sides
/// has one sharp bend among straight stretches. Under a normal prior the data chose a spread to suit
/// the straight stretches and flattened the bend: a V 20–5–20 ct player drawn where weakest
/// (`training.focus` 1) was measured 13 % too high at its lowest note after 1,000 answers, within
/// ±20 % there for 79 % of 240 simulated players; now 6 % and 84 %. (Three degrees of freedom left
/// 11 %; half a degree left 4 %, but its posterior had modes far enough apart that a refit from the
/// last fit's parameters and a fit from scratch disagreed.)
struct CurvaturePrior: Sendable {
    static let degreesOfFreedom = 1.0

    /// The scale of a bend, log units (`ThresholdModel.smoothness`).
    let spread: Double

    private var scaleSquared: Double { Self.degreesOfFreedom * spread * spread }

    /// log density of a bend `d`, up to the normal density's normaliser of the same scale (which the
    /// evidence takes from the normal prior's determinant) and `normaliserAgainstNormal`.
    func logKernel(_ d: Double) -> Double {
        -(Self.degreesOfFreedom + 1) / 2 * log1p(d * d / scaleSquared)
    }

    /// d/dd of `logKernel`.
    func slope(_ d: Double) -> Double {
        -(Self.degreesOfFreedom + 1) * d / (scaleSquared + d * d)
    }

    /// A curvature never negative and never less than the true one (the weight of iteratively
    /// reweighted least squares): the fit falls back to it where the true curvature leaves the
    /// posterior all but flat along some direction (`ThresholdFit.curvatureFactor`).
    func scoringWeight(_ d: Double) -> Double {
        (Self.degreesOfFreedom + 1) / (scaleSquared + d * d)
    }

    /// −d²/dd² of `logKernel`, the true curvature at the mode for the Laplace approximation; 0 where
    /// it turns negative (a bend so large the prior no longer holds it, the answers alone do). The
    /// clamp makes the evidence a little lower for fits with large bends: a slight lean to larger scales.
    func observedWeight(_ d: Double) -> Double {
        let denominator = scaleSquared + d * d
        return max((Self.degreesOfFreedom + 1) * (scaleSquared - d * d) / (denominator * denominator), 0)
    }

    /// log t density − log normal density of the same `spread`, both without their kernels: what one
    /// bend adds to the evidence when the normal prior's normaliser is used for the rest.
    static let normaliserAgainstNormal: Double = {
        let v = degreesOfFreedom
        return lgamma((v + 1) / 2) - lgamma(v / 2) + log(2 / v) / 2
    }()
}
