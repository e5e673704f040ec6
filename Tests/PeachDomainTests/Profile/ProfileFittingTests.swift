import Foundation
import Testing
@testable import PeachDomain

/// The fit after an answer runs beside the main actor: what follows every answer sees the last fit at
/// once, and the new one arrives when it is done.
@Suite("Fitting beside the main actor")
@MainActor
struct ProfileFittingTests {
    /// A listener with `threshold` ct, asked log-uniformly between 1 and 60 ct around the keyboard.
    static func answers(_ count: Int, threshold: Double, seed: UInt64, from start: Int = 0) -> [CompareAnswer] {
        var random = SeededRandomGenerator(seed: seed)
        return (0..<count).map { index in
            let magnitude = exp(Double.random(in: 0...log(60), using: &random))
            let offset = Bool.random(using: &random) ? magnitude : -magnitude
            let comparison = CompareExercise(referenceNote: MIDINote(Int.random(in: 48...72, using: &random)), interval: .prime,
                                             tuningSystem: .equalTemperament, centOffset: Cents(offset))!
            let correct = Double.random(in: 0..<1, using: &random) < 1 - 0.5 * exp(-pow(magnitude / threshold, 2))
            return CompareAnswer(exercise: comparison, answeredHigher: correct == (offset > 0),
                                 timestamp: Date(timeIntervalSince1970: Double(start + index)))
        }
    }

    static func profile(_ answers: [CompareAnswer]) -> PerceptualProfile {
        let profile = PerceptualProfile()
        for answer in answers { profile.compareAnswered(answer) }
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
            profile.compareAnswered(answer)
            twin.compareAnswered(answer)
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

    @Test("fits over two note ranges are kept side by side (the log's and the status line's after a reload)")
    func twoRanges() throws {
        let profile = Self.profile(Self.answers(200, threshold: 8, seed: 12))
        let narrow = try NoteRange(lowest: MIDINote(53), highest: MIDINote(67))
        let wide = profile.thresholdEstimate(for: .compare, range: .standard)
        let inner = profile.thresholdEstimate(for: .compare, range: narrow)
        #expect(wide != inner)
        #expect(profile.latestThresholdEstimate(for: .compare, range: .standard) == .fitted(wide))
        #expect(profile.latestThresholdEstimate(for: .compare, range: narrow) == .fitted(inner))
    }

    @Test("with too few answers to fit, 'not enough answers yet' at once")
    func tooFew() {
        let profile = Self.profile(Self.answers(9, threshold: 8, seed: 5))
        #expect(profile.latestThresholdEstimate(for: .compare, range: .standard) == .fitted(nil))
        #expect(PerceptualProfile().latestThresholdEstimate(for: .compare, range: .standard) == .fitted(nil))
    }

    @Test("a fit beside the main actor that comes in after a newer one made in place does not replace it")
    func olderComesLater() async throws {
        let profile = Self.profile(Self.answers(300, threshold: 8, seed: 6))
        _ = profile.thresholdEstimate(for: .compare, range: .standard)
        for answer in Self.answers(50, threshold: 20, seed: 7, from: 300) { profile.compareAnswered(answer) }
        // Begins a fit of 350 answers beside the main actor.
        #expect(profile.latestThresholdEstimate(for: .compare, range: .standard) != .fitting)
        for answer in Self.answers(50, threshold: 20, seed: 8, from: 350) { profile.compareAnswered(answer) }
        let newer = try #require(profile.thresholdEstimate(for: .compare, range: .standard))
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in profile.onRefitted = { _ in done.resume() } }
        #expect(profile.latestThresholdEstimate(for: .compare, range: .standard) == .fitted(newer))
    }

    @Test("answers given while a fit is running get a fit of their own before the current estimate is said")
    func answersDuringAFit() async throws {
        let profile = Self.profile(Self.answers(300, threshold: 8, seed: 9))
        let twin = Self.profile(Self.answers(300, threshold: 8, seed: 9))
        _ = profile.thresholdEstimate(for: .compare, range: .standard)
        _ = twin.thresholdEstimate(for: .compare, range: .standard)
        let more = Self.answers(60, threshold: 20, seed: 10, from: 300)
        for answer in more.prefix(30) { profile.compareAnswered(answer) }
        _ = profile.latestThresholdEstimate(for: .compare, range: .standard)   // a fit of 330 begins
        for answer in more.suffix(30) { profile.compareAnswered(answer) }
        let current = await profile.currentThresholdEstimate(for: .compare, range: .standard)
        for answer in more { twin.compareAnswered(answer) }
        let all = try #require(twin.thresholdEstimate(for: .compare, range: .standard))
        // Within the reuse of the last fit's start (the path differs: 300 → 330 → 360 against 300 → 360).
        let value = try #require(current?.overallCurve.value)
        #expect(abs(log(value / all.overallCurve.value)) < 1e-3, "\(value) against \(all.overallCurve.value)")
        #expect(profile.latestThresholdEstimate(for: .compare, range: .standard) == .fitted(current))
    }

    @Test("a fit begun before a reset is not kept")
    func reset() async {
        let profile = Self.profile(Self.answers(300, threshold: 8, seed: 4))
        #expect(profile.latestThresholdEstimate(for: .compare, range: .standard) == .fitting)
        profile.reset()
        #expect(await profile.currentThresholdEstimate(for: .compare, range: .standard) == nil)
        // The fit of the 300 answers before the reset came in meanwhile and was not kept: the last fit
        // shown while the new answers' fit runs is the one of none.
        for answer in Self.answers(50, threshold: 8, seed: 11) { profile.compareAnswered(answer) }
        #expect(profile.latestThresholdEstimate(for: .compare, range: .standard) == .fitted(nil))
    }
}
