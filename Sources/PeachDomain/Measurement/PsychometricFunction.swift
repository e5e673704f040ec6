import Foundation

/// The model of a Hear & Compare answer that Peach fits: two-alternative forced choice, so a guess
/// is right half the time, and a small lapse rate for the answers a player gets wrong however large
/// the offset (a slip of the finger, a moment's distraction):
///
///     p(correct | d) = 0.5 + (0.5 − lapse) · L(slope · ln(d / threshold) + z₀)
///
/// with L the logistic function and z₀ chosen so that p(correct | threshold) is exactly the criterion,
/// 75 %. The threshold is therefore "the offset answered correctly 75 % of the time".
public enum PsychometricFunction {
    public static let criterion = 0.75
    public static let guessRate = 0.5
    /// Fixed rather than fitted: staircase data say little about lapses, and a fitted lapse trades
    /// off against the slope. 2 % is typical of trained listeners; the fit is insensitive to it near
    /// the criterion, where the staircase puts most trials.
    public static let lapseRate = 0.02

    static let span = 1 - guessRate - lapseRate
    static let criterionOffset: Double = {
        let share = (criterion - guessRate) / span
        return log(share / (1 - share))
    }()

    /// p(correct) for an offset `logOffset` (natural log of cents) against `logThreshold`.
    public static func probabilityCorrect(logOffset: Double, logThreshold: Double, slope: Double) -> Double {
        guessRate + span * logistic(slope * (logOffset - logThreshold) + criterionOffset)
    }

    static func logistic(_ z: Double) -> Double { 1 / (1 + exp(-z)) }
}
