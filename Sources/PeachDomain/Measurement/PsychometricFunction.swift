import Foundation

/// The model of a Hear & Compare answer that Peach fits: two-alternative forced choice, so a guess
/// is right half the time, and a lapse rate for the answers a player gets wrong however large the
/// offset (a slip of the finger, a moment's distraction):
///
///     p(correct | d) = 0.5 + (0.5 − lapse) · L(slope · ln(d / threshold) + z₀(lapse))
///
/// with L the logistic function and z₀ chosen so that p(correct | threshold) is exactly the criterion,
/// 75 %. The threshold is therefore "the offset answered correctly 75 % of the time", whatever the
/// lapse rate.
///
/// The lapse rate is fitted, with a prior around 2 % (typical of trained listeners): fixed at 2 %,
/// a player who lapses in one answer of five (right at most 80 % of the time, however large the
/// offset) was measured 2.5–2.9 times too high, the fit flattening its slope to reach the 80 % of the
/// large offsets (Wichmann & Hill, 2001, show the same for any fixed lapse rate that is wrong).
public enum PsychometricFunction {
    public static let criterion = 0.75
    public static let guessRate = 0.5
    /// Where the lapse rate's prior is centred.
    public static let typicalLapseRate = 0.02
    /// The largest lapse rate the fit allows: at 25 % the player would never reach 75 % correct, and
    /// the threshold would not exist; just below it z₀ stays finite (3.2).
    static let largestLapseRate = 0.24

    /// The lapse rate for the fit's parameter `u` (unbounded): `largestLapseRate` · L(u).
    static func lapseRate(_ u: Double) -> Double { largestLapseRate * logistic(u) }

    /// The fit's parameter for a lapse rate.
    static func lapseParameter(_ lapse: Double) -> Double {
        let share = lapse / largestLapseRate
        return log(share / (1 - share))
    }

    /// z₀ for a lapse rate: L(z₀) = (criterion − guess) / (1 − guess − lapse).
    static func criterionOffset(lapse: Double) -> Double {
        let share = (criterion - guessRate) / (1 - guessRate - lapse)
        return log(share / (1 - share))
    }

    /// p(correct) for an offset `logOffset` (natural log of cents) against `logThreshold`.
    public static func probabilityCorrect(logOffset: Double, logThreshold: Double, slope: Double,
                                          lapse: Double = typicalLapseRate) -> Double {
        guessRate + (1 - guessRate - lapse) * logistic(slope * (logOffset - logThreshold) + criterionOffset(lapse: lapse))
    }

    static func logistic(_ z: Double) -> Double { 1 / (1 + exp(-z)) }
}
