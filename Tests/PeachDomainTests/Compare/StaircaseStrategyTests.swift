import Foundation
import PeachTestSupport
import Testing
@testable import PeachDomain

@Suite("Staircase strategy")
@MainActor
struct StaircaseStrategyTests {
    static func completed(offset: Cents, correct: Bool, note: Int = 60) -> CompareAnswer {
        let exercise = CompareExercise(referenceNote: MIDINote(note), interval: .prime, tuningSystem: .equalTemperament,
                                       centOffset: offset)!
        return CompareAnswer(exercise: exercise, answeredHigher: correct == (offset > .zero),
                             timestamp: Date(timeIntervalSince1970: 0))
    }

    static func strategy(settings: TrainingSettings, estimate: ThresholdEstimate? = nil) -> StaircaseStrategy {
        let strategy = StaircaseStrategy()
        strategy.startRun(mode: .compare, settings: settings, estimate: estimate)
        return strategy
    }

    static func next(settings: TrainingSettings = TrainingSettings(), interval: DirectedInterval = .prime,
                     threshold: Double? = nil, last: CompareAnswer? = nil, seed: UInt64 = 7) -> CompareExercise {
        var random: any RandomNumberGenerator = SeededRandomGenerator(seed: seed)
        let strategy = Self.strategy(settings: settings, estimate: threshold.map { .flat($0) })
        if let last { strategy.answered(last) }
        return strategy.nextExercise(settings: settings, interval: interval, random: &random)
    }

    static let classic = TrainingSettings(staircase: .kazez)

    @Test("classic rule: DESIGN.md check values", arguments: [
        (100.0, true, 50.0), (50.0, true, 32.32), (10.0, false, 12.85), (50.0, false, 81.82),
    ])
    func checkValues(previous: Double, correct: Bool, expected: Double) {
        let next = StaircaseRule.kazez.nextMagnitude(after: Cents(previous), wasCorrect: correct)
        #expect(abs(next.rawValue - expected) < 0.005)
    }

    @Test("75 % rule: a miss widens as Kazez does, and one miss undoes exactly three hits at any offset",
          arguments: [0.3, 2.0, 10.0, 45.0])
    func seventyFivePercentSteps(offset: Double) {
        let rule = StaircaseRule.seventyFivePercent
        let up = rule.nextMagnitude(after: Cents(offset), wasCorrect: false).rawValue
        let down = rule.nextMagnitude(after: Cents(offset), wasCorrect: true).rawValue
        #expect(abs(up - StaircaseRule.kazez.nextMagnitude(after: Cents(offset), wasCorrect: false).rawValue) < 1e-12)
        #expect(abs(3 * log(offset / down) - log(up / offset)) < 1e-12)
        #expect(abs(StaircaseRule.seventyFivePercent.nextMagnitude(after: 100, wasCorrect: true).rawValue - 80.739) < 0.001)
    }

    @Test("the sign of the previous offset does not matter", arguments: StaircaseRule.allCases)
    func signIgnored(rule: StaircaseRule) {
        #expect(rule.nextMagnitude(after: -50, wasCorrect: true) == rule.nextMagnitude(after: 50, wasCorrect: true))
    }

    @Test("magnitudes are clamped to 0.1…100 cents", arguments: StaircaseRule.allCases)
    func clamping(rule: StaircaseRule) {
        #expect(rule.nextMagnitude(after: 0.1, wasCorrect: true).rawValue == 0.1)
        #expect(rule.nextMagnitude(after: 100, wasCorrect: false).rawValue == 100)
        #expect(rule.nextMagnitude(after: 95, wasCorrect: false).rawValue == 100)
    }

    @Test("classic rule: a run continues from its last answer")
    func continuesFromLast() {
        let exercise = Self.next(settings: Self.classic, threshold: 5, last: Self.completed(offset: -50, correct: true))
        #expect(abs(exercise.centOffset.magnitude.rawValue - 32.32) < 0.005)
    }

    @Test("classic rule: a run starts at the overall threshold, or 100 cents without one")
    func startOfRun() {
        #expect(Self.next(settings: Self.classic, threshold: 17.5).centOffset.magnitude == 17.5)
        #expect(Self.next(settings: Self.classic, threshold: nil).centOffset.magnitude == 100)
        #expect(Self.next(settings: Self.classic, threshold: 250).centOffset.magnitude == 100)
        #expect(Self.next(settings: Self.classic, threshold: 0.01).centOffset.magnitude == 0.1)
    }

    @Test("75 % rule: each offset is its note's fitted threshold times its octave's track factor")
    func regionalTracks() {
        let estimate = ThresholdEstimate.curve { Double($0.rawValue - 30) }   // 6 ct at C2 … 54 ct at C6
        let strategy = Self.strategy(settings: TrainingSettings(), estimate: estimate)
        #expect([36, 47, 48, 60, 84].map(strategy.offset(for:)) == [6, 17, 18, 30, 54])
        strategy.answered(Self.completed(offset: 20, correct: false, note: 50))      // C3–B3 widens
        let widening = 1 + 0.09 * 20.0.squareRoot()
        #expect(abs(strategy.offset(for: 59) - 29 * widening) < 1e-9)
        #expect(strategy.offset(for: 47) == 17 && strategy.offset(for: 60) == 30)
        strategy.answered(Self.completed(offset: 30, correct: true, note: 60))       // C4–B4 narrows
        #expect(abs(strategy.offset(for: 71) - 41 / cbrt(1 + 0.09 * 30.0.squareRoot())) < 1e-9)
        var random: any RandomNumberGenerator = SeededRandomGenerator(seed: 3)
        for _ in 0..<200 {
            let exercise = strategy.nextExercise(settings: TrainingSettings(), interval: .prime, random: &random)
            #expect(exercise.centOffset.magnitude.rawValue == strategy.offset(for: exercise.referenceNote.rawValue))
        }
    }

    /// A slip in one octave parts that octave's track only: the others keep moving together.
    @Test("75 % rule: with nothing measured, all tracks start at 100 cents and move together, each until its own first miss")
    func newPlayer() {
        let strategy = Self.strategy(settings: TrainingSettings())
        let notes = [40, 52, 64, 80]                                                  // one per octave
        #expect(notes.map(strategy.offset(for:)) == [100, 100, 100, 100])
        strategy.answered(Self.completed(offset: 100, correct: true, note: 40))
        let level = strategy.offset(for: 80)
        #expect(Set(notes.map(strategy.offset(for:))).count == 1 && level < 81)
        strategy.answered(Self.completed(offset: Cents(level), correct: false, note: 80))  // B5's octave misses
        let widened = strategy.offset(for: 80)
        #expect(widened > level && Set(notes.map(strategy.offset(for:))).count == 1)
        strategy.answered(Self.completed(offset: Cents(widened), correct: true, note: 40))
        let together = strategy.offset(for: 40)
        #expect(together < widened && strategy.offset(for: 52) == together && strategy.offset(for: 64) == together)
        #expect(strategy.offset(for: 80) == widened)                                   // parted: left where it was
        strategy.answered(Self.completed(offset: Cents(widened), correct: true, note: 80))
        #expect(strategy.offset(for: 80) < widened && strategy.offset(for: 40) == together)
        strategy.answered(Self.completed(offset: Cents(together), correct: false, note: 52))  // E3's octave misses too
        strategy.answered(Self.completed(offset: Cents(together), correct: true, note: 64))
        #expect(strategy.offset(for: 40) == strategy.offset(for: 64) && strategy.offset(for: 40) < together)
        #expect(strategy.offset(for: 52) > together)
    }

    @Test("focus 1 draws reference notes where the threshold is high; focus 0 draws uniformly")
    func focus() {
        let estimate = ThresholdEstimate.curve { $0.rawValue < 48 ? 40 : 4 }   // weak below C3
        func lowShare(focus: Double) -> Double {
            let settings = TrainingSettings(focus: focus)
            let strategy = Self.strategy(settings: settings, estimate: estimate)
            var random: any RandomNumberGenerator = SeededRandomGenerator(seed: 11)
            let draws = (0..<2000).map { _ in
                strategy.nextExercise(settings: settings, interval: .prime, random: &random).referenceNote.rawValue
            }
            return Double(draws.filter { $0 < 48 }.count) / Double(draws.count)
        }
        #expect(abs(lowShare(focus: 0) - 12.0 / 49) < 0.04)
        let lowKeys: Double = 12, highKeys: Double = 37                                 // below C3, from C3
        let even = lowKeys / (lowKeys + highKeys)
        let weighted = lowKeys * 40 / (lowKeys * 40 + highKeys * 4)                     // ≈ 0.76
        #expect(abs(lowShare(focus: 1) - weighted) < 0.04)
        let halfway: Double = 0.5 * even + 0.5 * weighted
        #expect(abs(lowShare(focus: 0.5) - halfway) < 0.04)
    }

    @Test("the sign is random: both occur, in roughly equal numbers")
    func randomSign() {
        let higher = (0..<400).filter { Self.next(threshold: 20, seed: UInt64($0)).isTargetHigher }.count
        #expect((150...250).contains(higher))
    }

    @Test("reference notes cover the whole range uniformly and never leave it")
    func referenceNotesInRange() throws {
        let settings = TrainingSettings(noteRange: try NoteRange(lowest: MIDINote(48), highest: MIDINote(60)))
        var counts: [Int: Int] = [:]
        for seed in 0..<2600 {
            counts[Self.next(settings: settings, seed: UInt64(seed)).referenceNote.rawValue, default: 0] += 1
        }
        #expect(Set(counts.keys) == Set(48...60))
        #expect(counts.values.allSatisfy { (120...280).contains($0) })
    }

    @Test("interval targets at the range edges stay inside the MIDI range", arguments: [
        DirectedInterval(.octave, .up), DirectedInterval(.octave, .down), DirectedInterval(.majorSeventh, .up),
    ])
    func intervalEdges(interval: DirectedInterval) throws {
        let high = TrainingSettings(noteRange: try NoteRange(lowest: MIDINote(96), highest: MIDINote(108)))
        let low = TrainingSettings(noteRange: try NoteRange(lowest: MIDINote(21), highest: MIDINote(33)))
        for settings in [high, low] {
            var seen: Set<Int> = []
            for seed in 0..<300 {
                let exercise = Self.next(settings: settings, interval: interval, seed: UInt64(seed))
                #expect(exercise.targetNote.rawValue == exercise.referenceNote.rawValue + interval.signedSemitones)
                #expect(settings.noteRange.contains(exercise.referenceNote))
                seen.insert(exercise.referenceNote.rawValue)
            }
            #expect(seen.contains(settings.noteRange.lowest.rawValue))
            #expect(seen.contains(settings.noteRange.highest.rawValue))
        }
    }

    @Test("the exercise carries the settings' tuning system and the target is the detuned interval")
    func targetPitch() {
        let settings = TrainingSettings(tuningSystem: .justIntonation)
        let exercise = Self.next(settings: settings, interval: DirectedInterval(.majorThird, .down), threshold: 12)
        #expect(exercise.tuningSystem == .justIntonation)
        let expectedCents = -(386.3137138648348 - 400) + exercise.centOffset.rawValue
        #expect(abs(exercise.targetPitch.cents.rawValue - expectedCents) < 1e-9)
        #expect(exercise.targetPitch.note.rawValue == exercise.referenceNote.rawValue - 4)
    }

    @Test("is the answer right: higher is right exactly when the offset is positive")
    func correctness() {
        let up = CompareExercise(referenceNote: MIDINote(60), interval: .prime, tuningSystem: .equalTemperament, centOffset: 3)!
        #expect(up.isCorrect(answeredHigher: true))
        #expect(!up.isCorrect(answeredHigher: false))
        let down = CompareExercise(referenceNote: MIDINote(60), interval: .prime, tuningSystem: .equalTemperament, centOffset: -3)!
        #expect(down.isCorrect(answeredHigher: false))
        #expect(!down.isCorrect(answeredHigher: true))
    }
}
