import Foundation
import Testing
@testable import PeachDomain

/// The fit after an answer runs beside the main actor: what follows every answer sees the last fit at
/// once, and the new one arrives when it is done.
@Suite("Fitting beside the main actor")
@MainActor
struct ProfileFittingTests {
    /// A listener with `threshold` ct, asked log-uniformly between 1 and 60 ct around the keyboard.
    static func answers(_ count: Int, threshold: Double, seed: UInt64, from start: Int = 0) -> [CompletedComparison] {
        var random = SeededRandomGenerator(seed: seed)
        return (0..<count).map { index in
            let magnitude = exp(Double.random(in: 0...log(60), using: &random))
            let offset = Bool.random(using: &random) ? magnitude : -magnitude
            let comparison = Comparison(referenceNote: MIDINote(Int.random(in: 48...72, using: &random)), interval: .prime,
                                        tuningSystem: .equalTemperament, centOffset: Cents(offset))!
            let correct = Double.random(in: 0..<1, using: &random) < 1 - 0.5 * exp(-pow(magnitude / threshold, 2))
            return CompletedComparison(comparison: comparison, answeredHigher: correct == (offset > 0),
                                       timestamp: Date(timeIntervalSince1970: Double(start + index)))
        }
    }

    static func profile(_ answers: [CompletedComparison]) -> PerceptualProfile {
        let profile = PerceptualProfile()
        for answer in answers { profile.comparisonCompleted(answer) }
        return profile
    }

    @Test("after an answer the last fit shows at once; the new one is fitted beside and said when it is in")
    func besideTheMainActor() async throws {
        let before = Self.answers(300, threshold: 8, seed: 1)
        let after = Self.answers(100, threshold: 30, seed: 2, from: 300)
        let profile = Self.profile(before)
        let twin = Self.profile(before)
        var refitted: [TrainingMode] = []
        profile.onRefitted = { refitted.append($0) }
        let first = try #require(profile.thresholdEstimate(for: .compare, range: .standard))
        #expect(twin.thresholdEstimate(for: .compare, range: .standard) == first)

        for answer in after {
            profile.comparisonCompleted(answer)
            twin.comparisonCompleted(answer)
        }
        // Not fitted here: the last fit, although 100 answers behind.
        #expect(profile.latestThresholdEstimate(for: .compare, range: .standard) == .fitted(first))
        let current = await profile.currentThresholdEstimate(for: .compare, range: .standard)
        #expect(refitted == [.compare])
        // The same fit as one made in place, from the same start.
        #expect(current == twin.thresholdEstimate(for: .compare, range: .standard))
        #expect(current != first)
        #expect(profile.latestThresholdEstimate(for: .compare, range: .standard) == .fitted(current))
        _ = await profile.currentThresholdEstimate(for: .compare, range: .standard)
        #expect(refitted == [.compare])   // nothing new to fit
    }

    @Test("a range not fitted before shows no threshold until its fit is in, never a wrong one")
    func firstFit() async throws {
        let profile = Self.profile(Self.answers(200, threshold: 8, seed: 3))
        let narrow = try NoteRange(lowest: MIDINote(53), highest: MIDINote(67))
        _ = profile.thresholdEstimate(for: .compare, range: .standard)
        #expect(profile.latestThresholdEstimate(for: .compare, range: narrow) == .fitting)
        let fitted = await profile.currentThresholdEstimate(for: .compare, range: narrow)
        #expect(fitted != nil)
        #expect(profile.latestThresholdEstimate(for: .compare, range: narrow) == .fitted(fitted))
    }

    @Test("with too few answers to fit, 'not enough answers yet' at once")
    func tooFew() {
        let profile = Self.profile(Self.answers(9, threshold: 8, seed: 5))
        #expect(profile.latestThresholdEstimate(for: .compare, range: .standard) == .fitted(nil))
        #expect(PerceptualProfile().latestThresholdEstimate(for: .compare, range: .standard) == .fitted(nil))
    }

    @Test("a fit begun before a reset is not kept")
    func reset() async {
        let profile = Self.profile(Self.answers(300, threshold: 8, seed: 4))
        #expect(profile.latestThresholdEstimate(for: .compare, range: .standard) == .fitting)
        profile.reset()
        #expect(await profile.currentThresholdEstimate(for: .compare, range: .standard) == nil)
        #expect(profile.latestThresholdEstimate(for: .compare, range: .standard) == .fitted(nil))
    }
}
