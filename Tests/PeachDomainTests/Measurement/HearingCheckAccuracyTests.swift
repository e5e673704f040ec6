import Foundation
import PeachDomain
import Testing

/// A hearing check against simulated listeners whose threshold is known: flat, sloping and skewed
/// over the keyboard, slopes 1.5–4, lapse rates 0–5 %. What is judged is what the profile reports
/// right after the check (a history of the check alone), against the mean of the listener's true
/// thresholds over the note range. Listeners the check cannot measure this well in 80 answers (a
/// shallow slope, a steep ramp over the keyboard) are in `make bench` and docs/hearing-check.md.
@MainActor
@Suite("Hearing check accuracy against simulated listeners", .serialized)
struct HearingCheckAccuracyTests {
    static let users = 40

    nonisolated static let family: [(name: String, listener: SimulatedListener)] = [
        ("flat 8 ct, Weibull 2.5, lapse 2 %", .make(.weibull, slope: 2.5, lapse: 0.02, [(60, 8)])),
        ("flat 3 ct, Weibull 4, no lapse", .make(.weibull, slope: 4, lapse: 0, [(60, 3)])),
        ("flat 10 ct, Weibull 3, lapse 5 %", .make(.weibull, slope: 3, lapse: 0.05, [(60, 10)])),
        ("skewed 6–10–5 ct, Weibull 3", .make(.weibull, slope: 3, lapse: 0, [(36, 6), (48, 10), (84, 5)])),
        ("sloping 10→6 ct, Weibull 3.5, lapse 1 %", .make(.weibull, slope: 3.5, lapse: 0.01, [(36, 10), (84, 6)])),
    ]

    @Test("in at most 80 answers the profile's overall threshold is within ±20 % for 80 % of users, its interval containing the truth for 90 %, as the check said it for all",
          arguments: family.indices)
    func accuracy(index: Int) {
        let (name, listener) = Self.family[index]
        let settings = TrainingSettings()
        let keys = settings.noteRange.notes
        let truth = keys.reduce(0.0) { $0 + listener.threshold(at: $1) } / Double(keys.count)
        var within = 0, inside = 0, agreeing = 0, most = 0
        for user in 0..<Self.users {
            let profile = PerceptualProfile()
            let simulation = TrainingSimulation(
                listener: listener, profile: profile, compareObservers: [profile], matchObservers: [],
                settings: FixedSettingsProvider(settings), start: Date(timeIntervalSince1970: 1_700_000_000),
                seed: UInt64(user) &* 7919 &+ 11)
            let result = simulation.runCheck(at: simulation.now)
            most = max(most, result.answers)
            guard let measured = profile.thresholdEstimate(for: .compare, range: settings.noteRange)?.overall else { continue }
            if abs(measured.value / truth - 1) <= 0.2 { within += 1 }
            if measured.low <= truth, truth <= measured.high { inside += 1 }
            // What the check said is what the profile then says: the same value and interval.
            if let check = result.threshold.estimate, abs(check.value / measured.value - 1) < 0.01,
               abs(check.low / measured.low - 1) < 0.01, abs(check.high / measured.high - 1) < 0.01 { agreeing += 1 }
        }
        #expect(most <= HearingCheck.mostAnswers)
        #expect(Double(within) >= 0.8 * Double(Self.users), "\(name): within ±20 % for \(within) of \(Self.users)")
        #expect(Double(inside) >= 0.9 * Double(Self.users), "\(name): interval containing the truth for \(inside) of \(Self.users)")
        #expect(agreeing == Self.users, "\(name): the profile said what the check said for \(agreeing) of \(Self.users)")
    }
}
