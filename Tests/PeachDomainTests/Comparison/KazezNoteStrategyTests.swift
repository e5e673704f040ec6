import Foundation
import Testing
@testable import PeachDomain

@Suite("Kazez note strategy")
struct KazezNoteStrategyTests {
    static func completed(offset: Cents, correct: Bool) -> CompletedComparison {
        let comparison = Comparison(referenceNote: MIDINote(60), interval: .prime, tuningSystem: .equalTemperament,
                                    centOffset: offset)!
        return CompletedComparison(comparison: comparison, answeredHigher: correct == (offset > .zero),
                                   timestamp: Date(timeIntervalSince1970: 0))
    }

    static func next(settings: TrainingSettings = TrainingSettings(), interval: DirectedInterval = .prime,
                     threshold: Cents? = nil, last: CompletedComparison? = nil, seed: UInt64 = 7) -> Comparison {
        var random: any RandomNumberGenerator = SeededRandomGenerator(seed: seed)
        return KazezNoteStrategy().nextComparison(settings: settings, interval: interval, overallThreshold: threshold,
                                                  lastComparison: last, random: &random)
    }

    @Test("DESIGN.md check values", arguments: [
        (100.0, true, 50.0), (50.0, true, 32.32), (10.0, false, 12.85), (50.0, false, 81.82),
    ])
    func checkValues(previous: Double, correct: Bool, expected: Double) {
        let next = KazezNoteStrategy.nextMagnitude(after: Cents(previous), wasCorrect: correct)
        #expect(abs(next.rawValue - expected) < 0.005)
    }

    @Test("the sign of the previous offset does not matter")
    func signIgnored() {
        #expect(KazezNoteStrategy.nextMagnitude(after: -50, wasCorrect: true)
                == KazezNoteStrategy.nextMagnitude(after: 50, wasCorrect: true))
    }

    @Test("magnitudes are clamped to 0.1…100 cents")
    func clamping() {
        #expect(KazezNoteStrategy.nextMagnitude(after: 0.1, wasCorrect: true).rawValue == 0.1)
        #expect(KazezNoteStrategy.nextMagnitude(after: 100, wasCorrect: false).rawValue == 100)
        #expect(KazezNoteStrategy.nextMagnitude(after: 95, wasCorrect: false).rawValue == 100)
    }

    @Test("a run continues from its last answer")
    func continuesFromLast() {
        let comparison = Self.next(threshold: 5, last: Self.completed(offset: -50, correct: true))
        #expect(abs(comparison.centOffset.magnitude.rawValue - 32.32) < 0.005)
    }

    @Test("a run starts at the profile's overall mean, or 100 cents without one")
    func startOfRun() {
        #expect(Self.next(threshold: 17.5).centOffset.magnitude == 17.5)
        #expect(Self.next(threshold: nil).centOffset.magnitude == 100)
        #expect(Self.next(threshold: 250).centOffset.magnitude == 100)
        #expect(Self.next(threshold: 0.01).centOffset.magnitude == 0.1)
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
                let comparison = Self.next(settings: settings, interval: interval, seed: UInt64(seed))
                #expect(comparison.targetNote.rawValue == comparison.referenceNote.rawValue + interval.signedSemitones)
                #expect(settings.noteRange.contains(comparison.referenceNote))
                seen.insert(comparison.referenceNote.rawValue)
            }
            #expect(seen.contains(settings.noteRange.lowest.rawValue))
            #expect(seen.contains(settings.noteRange.highest.rawValue))
        }
    }

    @Test("the comparison carries the settings' tuning system and the target is the detuned interval")
    func targetPitch() {
        let settings = TrainingSettings(tuningSystem: .justIntonation)
        let comparison = Self.next(settings: settings, interval: DirectedInterval(.majorThird, .down), threshold: 12)
        #expect(comparison.tuningSystem == .justIntonation)
        let expectedCents = -(386.3137138648348 - 400) + comparison.centOffset.rawValue
        #expect(abs(comparison.targetPitch.cents.rawValue - expectedCents) < 1e-9)
        #expect(comparison.targetPitch.note.rawValue == comparison.referenceNote.rawValue - 4)
    }

    @Test("is the answer right: higher is right exactly when the offset is positive")
    func correctness() {
        let up = Comparison(referenceNote: MIDINote(60), interval: .prime, tuningSystem: .equalTemperament, centOffset: 3)!
        #expect(up.isCorrect(answeredHigher: true))
        #expect(!up.isCorrect(answeredHigher: false))
        let down = Comparison(referenceNote: MIDINote(60), interval: .prime, tuningSystem: .equalTemperament, centOffset: -3)!
        #expect(down.isCorrect(answeredHigher: false))
        #expect(!down.isCorrect(answeredHigher: true))
    }
}
