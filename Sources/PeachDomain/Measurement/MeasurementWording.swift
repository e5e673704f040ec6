import Foundation

/// How a measurement is said to the player, everywhere it is shown (status line, log, profile):
/// always with its criterion and its interval, never a bare number that could be mistaken for more.
public enum MeasurementWording {
    /// "75 % correct at 6.2 ct (5.1–7.6)", or "not enough answers yet".
    public static func threshold(_ estimate: CentsEstimate?) -> String {
        guard let estimate else { return "not enough answers yet" }
        return "75 % correct at \(cents(estimate.value)) ct (\(cents(estimate.low))–\(cents(estimate.high)))"
    }

    /// "off by 4.1 ct (3.5–4.8), 2.0 ct sharp (1.1–2.9), spread 6.0 ct (5.2–7.0)", or "not enough attempts yet".
    public static func matching(_ accuracy: MatchingAccuracy?) -> String {
        guard let accuracy else { return "not enough attempts yet" }
        let bias = accuracy.bias
        let direction = bias.value >= 0 ? "sharp" : "flat"
        return "off by \(cents(accuracy.meanError.value)) ct (\(range(accuracy.meanError))), "
            + "\(cents(abs(bias.value))) ct \(direction) (\(signed(bias.low))…\(signed(bias.high))), "
            + "spread \(cents(accuracy.spread.value)) ct (\(range(accuracy.spread)))"
    }

    /// "improving: 3.1 ct lower (−25 %)" / "stable" / "no trend yet".
    public static func change(_ change: ProgressChange?) -> String {
        guard let change else { return "no trend yet" }
        guard change.isChange else { return "stable" }
        let direction = change.cents < 0 ? "lower" : "higher"
        return "\(change.trend.rawValue): \(cents(abs(change.cents))) ct \(direction) (\(String(format: "%+.0f", change.percent)) %)"
    }

    /// Cents with the precision a threshold of that size has: 0.45, 6.2, 120.
    public static func cents(_ value: Double) -> String {
        let magnitude = abs(value)
        if magnitude < 1 { return String(format: "%.2f", value) }
        if magnitude < 100 { return String(format: "%.1f", value) }
        return String(format: "%.0f", value)
    }

    private static func range(_ estimate: CentsEstimate) -> String {
        "\(cents(estimate.low))–\(cents(estimate.high))"
    }

    private static func signed(_ value: Double) -> String { (value >= 0 ? "+" : "") + cents(value) }
}
