import Testing
@testable import PeachDomain

@Suite("MIDI notes")
struct MIDINoteTests {
    @Test("names use sharps and octave = note/12 − 1", arguments: [
        (0, "C-1"), (21, "A0"), (54, "F#3"), (60, "C4"), (61, "C#4"), (69, "A4"), (70, "A#4"), (108, "C8"), (127, "G9"),
    ])
    func names(note: Int, name: String) {
        #expect(MIDINote(note).name == name)
    }

    @Test("parses names with sharps, flats, lower case and plain numbers", arguments: [
        ("A4", 69), ("C#3", 49), ("Db3", 49), ("c4", 60), ("C-1", 0), ("G9", 127), ("Bb2", 46), ("B#3", 60), ("69", 69),
    ])
    func parsing(text: String, note: Int) {
        #expect(MIDINote(name: text)?.rawValue == note)
    }

    @Test("rejects what is not a note", arguments: ["H4", "", "C", "A#", "G#9", "C-2", "128", "-1", "A4x", "#4"])
    func rejects(text: String) {
        #expect(MIDINote(name: text) == nil)
    }

    @Test("every note's name parses back to the note")
    func nameRoundTrip() {
        for raw in 0...127 {
            #expect(MIDINote(name: MIDINote(raw).name)?.rawValue == raw)
        }
    }

    @Test("validating init accepts only 0…127")
    func validation() {
        #expect(MIDINote(validating: -1) == nil)
        #expect(MIDINote(validating: 128) == nil)
        #expect(MIDINote(validating: 0)?.rawValue == 0)
        #expect(MIDINote(validating: 127)?.rawValue == 127)
    }

    @Test("transposition by directed intervals, and nil beyond the MIDI range")
    func transposition() {
        let fifthUp = DirectedInterval(.perfectFifth, .up)
        let fifthDown = DirectedInterval(.perfectFifth, .down)
        #expect(MIDINote(60).transposed(by: fifthUp) == MIDINote(67))
        #expect(MIDINote(60).transposed(by: fifthDown) == MIDINote(53))
        #expect(MIDINote(120).transposed(by: fifthUp) == MIDINote(127))
        #expect(MIDINote(121).transposed(by: fifthUp) == nil)
        #expect(MIDINote(7).transposed(by: fifthDown) == MIDINote(0))
        #expect(MIDINote(6).transposed(by: fifthDown) == nil)
        #expect(MIDINote(127).transposed(by: .prime) == MIDINote(127))
    }
}
