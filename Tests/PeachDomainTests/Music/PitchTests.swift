import Foundation
import Testing
@testable import PeachDomain

/// Expected values were computed independently with 50-digit arithmetic (mpmath), not with the
/// production formula.
@Suite("Pitch and frequency")
struct PitchTests {
    /// |cents between two frequencies|, computed without the code under test's helpers.
    static func centsApart(_ a: Double, _ b: Double) -> Double { abs(1200 * log2(a / b)) }

    @Test("frequencies are exact to well under 0.01 cent", arguments: [
        (69, 0.0, 440.0, 440.0),
        (60, 0.0, 440.0, 261.62556530059863468),
        (72, 0.0, 440.0, 523.25113060119726936),
        (69, 50.0, 440.0, 452.89298412313649266),
        (69, -50.0, 440.0, 427.47405410758658225),
        (21, 0.0, 440.0, 27.5),
        (108, 0.0, 440.0, 4186.0090448095781548),
        (0, 0.0, 440.0, 8.1757989156437073337),
        (127, 0.0, 440.0, 12543.853951415977411),
        (60, 0.0, 415.0, 246.76047636306462134),
        (60, 0.0, 380.0, 225.94935185051700268),
        (60, 0.0, 500.0, 297.30177875068026668),
        (69, 0.1, 440.0, 440.02541613066010245),
        (69, -0.1, 440.0, 439.97458533739077381),
        (48, -99.7, 442.0, 124.05355131806748016),
        (84, 49.9, 432.0, 1057.5211748325962841),
    ])
    func frequency(note: Int, cents: Double, reference: Double, expected: Double) {
        let frequency = Pitch(note: MIDINote(note), cents: Cents(cents)).frequency(referencePitch: Frequency(reference))
        #expect(Self.centsApart(frequency.rawValue, expected) < 0.0001)
    }

    @Test("A4 at concert pitch is exactly 440 Hz")
    func concertA() {
        #expect(Pitch(note: MIDINote(69)).frequency().rawValue == 440)
        #expect(Frequency.concert440.rawValue == 440)
    }

    @Test("cents between frequencies are signed: + when higher")
    func centsBetween() {
        #expect(abs(Frequency(880).cents(from: Frequency(440)).rawValue - 1200) < 1e-9)
        #expect(abs(Frequency(440).cents(from: Frequency(880)).rawValue + 1200) < 1e-9)
        // 3/2 is 701.955000865387 cents.
        #expect(abs(Frequency(660).cents(from: Frequency(440)).rawValue - 701.955000865387) < 1e-9)
    }

    @Test("shifting a frequency by cents and measuring it back agrees")
    func shifting() {
        let base = Frequency(261.6255653005986)
        for cents in [-99.7, -0.1, 0.1, 0.3, 49.9] {
            #expect(abs(base.shifted(by: Cents(cents)).cents(from: base).rawValue - cents) < 1e-9)
        }
    }

    @Test("detuning adds cents and keeps the note")
    func detuning() {
        let pitch = Pitch(note: MIDINote(60), cents: 1.955).detuned(by: -3)
        #expect(pitch.note == MIDINote(60))
        #expect(abs(pitch.cents.rawValue - -1.045) < 1e-12)
    }

    @Test("Pitch works as a set element and dictionary key, and crosses isolation")
    func hashableAndSendable() async {
        let a = Pitch(note: MIDINote(60), cents: 1.955)
        let set: Set = [a, Pitch(note: MIDINote(60), cents: 1.955), Pitch(note: MIDINote(61))]
        #expect(set.count == 2)
        let received = await Task.detached { a }.value
        #expect(received == a)
    }

    @Test("amplitude is clamped to −90…+12 dB and converts to linear gain")
    func amplitude() {
        #expect(AmplitudeDB(-120).rawValue == -90)
        #expect(AmplitudeDB(20).rawValue == 12)
        #expect(abs(AmplitudeDB(-6).linearGain - 0.50118723362727224) < 1e-12)
        #expect(AmplitudeDB(0).linearGain == 1)
    }

    @Test("note durations are 0.3…3.0 s")
    func durations() {
        #expect(NoteDuration(seconds: 0.29) == nil)
        #expect(NoteDuration(seconds: 3.01) == nil)
        #expect(NoteDuration(seconds: 0.3)?.duration == .milliseconds(300))
        #expect(NoteDuration.standard.seconds == 1.0)
    }
}
