import Foundation
import Testing
@testable import PeachDomain

@Suite("Intervals and tuning systems")
struct IntervalTests {
    @Test("abbreviations are the CSV codes, and parse back")
    func abbreviations() {
        #expect(Interval.allCases.map(\.abbreviation) == ["P1", "m2", "M2", "m3", "M3", "P4", "d5", "P5", "m6", "M6", "m7", "M7", "P8"])
        for interval in Interval.allCases {
            #expect(Interval(abbreviation: interval.abbreviation) == interval)
        }
        #expect(Interval(abbreviation: "P9") == nil)
    }

    @Test("the interval between two notes, with direction; nil beyond an octave")
    func between() {
        #expect(DirectedInterval.between(MIDINote(60), MIDINote(67)) == DirectedInterval(.perfectFifth, .up))
        #expect(DirectedInterval.between(MIDINote(60), MIDINote(53)) == DirectedInterval(.perfectFifth, .down))
        #expect(DirectedInterval.between(MIDINote(60), MIDINote(60)) == .prime)
        #expect(DirectedInterval.between(MIDINote(60), MIDINote(72)) == DirectedInterval(.octave, .up))
        #expect(DirectedInterval.between(MIDINote(60), MIDINote(73)) == nil)
        #expect(DirectedInterval.between(MIDINote(60), MIDINote(47)) == nil)
    }

    @Test("a prime has no direction")
    func primeIsUndirected() {
        #expect(DirectedInterval(.prime, .down) == DirectedInterval(.prime, .up))
        #expect(DirectedInterval(.prime, .down).signedSemitones == 0)
    }

    @Test("equal temperament lands on MIDI notes exactly, every interval, both directions")
    func equalTemperament() {
        for interval in Interval.allCases {
            for direction in Direction.allCases {
                let pitch = MIDINote(60).pitch(at: DirectedInterval(interval, direction), in: .equalTemperament)
                #expect(pitch?.cents == .zero)
                #expect(pitch?.note.rawValue == 60 + (direction == .up ? 1 : -1) * interval.semitones)
            }
        }
    }

    /// 1200·log2 of the 5-limit ratios, computed independently.
    static let justCents: [Interval: Double] = [
        .prime: 0, .minorSecond: 111.73128526977774, .majorSecond: 203.91000173077484,
        .minorThird: 315.64128700055255, .majorThird: 386.3137138648348, .perfectFourth: 498.0449991346125,
        .tritone: 590.2237155956096, .perfectFifth: 701.9550008653874, .minorSixth: 813.6862861351652,
        .majorSixth: 884.3587129994474, .minorSeventh: 1017.5962878659401, .majorSeventh: 1088.2687147302222,
        .octave: 1200,
    ]

    @Test("just intonation sizes are the pure ratios (DESIGN.md's table)")
    func justSizes() {
        for (interval, cents) in Self.justCents {
            #expect(abs(TuningSystem.justIntonation.size(of: interval).rawValue - cents) < 1e-9)
        }
    }

    @Test("just intervals are pure relative to any reference note, up and down, at any reference pitch",
          arguments: [21, 46, 54, 60, 61, 66, 69, 100, 108])
    func justIntonationIsRelativeToTheReference(reference: Int) {
        for referencePitch in [Frequency(415), Frequency(440), Frequency(442)] {
            let referenceFrequency = Pitch(note: MIDINote(reference)).frequency(referencePitch: referencePitch).rawValue
            for interval in Interval.allCases {
                for direction in Direction.allCases {
                    let target = MIDINote(reference).pitch(at: DirectedInterval(interval, direction), in: .justIntonation)!
                    let ratio = target.frequency(referencePitch: referencePitch).rawValue / referenceFrequency
                    let expected = 1200 * log2(ratio) * (direction == .up ? 1 : -1)
                    #expect(abs(expected - Self.justCents[interval]!) < 1e-6,
                            "\(interval) \(direction) from \(reference): \(expected)")
                }
            }
        }
    }

    @Test("just target frequencies match independently computed values", arguments: [
        (60, Interval.perfectFifth, Direction.up, 440.0, 392.43834795089795202),
        (62, .majorThird, .up, 442.0, 368.74950971447199328),
        (54, .minorThird, .down, 440.0, 154.16434279651433289),
        (69, .octave, .down, 440.0, 220.0),
        (46, .tritone, .up, 415.0, 154.5740100559362427),
    ])
    func justFrequencies(reference: Int, interval: Interval, direction: Direction, pitch: Double, expected: Double) {
        let target = MIDINote(reference).pitch(at: DirectedInterval(interval, direction), in: .justIntonation)!
        let frequency = target.frequency(referencePitch: Frequency(pitch)).rawValue
        #expect(abs(1200 * log2(frequency / expected)) < 0.0001)
    }

    @Test("the fifths above C and above D are both pure (no A-anchored wolf)")
    func noWolfFifths() {
        for reference in 60...71 {
            let fifth = MIDINote(reference).pitch(at: DirectedInterval(.perfectFifth), in: .justIntonation)!
            #expect(abs(fifth.cents.rawValue - 1.955000865387) < 1e-9)
        }
    }

    @Test("pitch() defaults to the prime in equal temperament: the note itself")
    func pitchDefaults() {
        #expect(MIDINote(60).pitch() == Pitch(note: MIDINote(60), cents: .zero))
        #expect(MIDINote(60).pitch(at: DirectedInterval(.perfectFifth)) == Pitch(note: MIDINote(67)))
    }

    @Test("no target pitch beyond the MIDI range")
    func pitchOutOfRange() {
        #expect(MIDINote(127).pitch(at: DirectedInterval(.minorSecond), in: .justIntonation) == nil)
        #expect(MIDINote(0).pitch(at: DirectedInterval(.minorSecond, .down)) == nil)
    }
}
