import Testing
@testable import PeachDomain

@Suite("Note range")
struct NoteRangeTests {
    @Test("default is C2–C6 (36–84)")
    func standard() {
        #expect(NoteRange.standard.lowest == MIDINote(36))
        #expect(NoteRange.standard.highest == MIDINote(84))
    }

    @Test("must be at least 12 semitones wide")
    func width() {
        #expect(throws: NoteRange.Problem.tooNarrow(semitones: 11)) {
            try NoteRange(lowest: MIDINote(60), highest: MIDINote(71))
        }
        #expect(throws: NoteRange.Problem.reversed) {
            try NoteRange(lowest: MIDINote(72), highest: MIDINote(60))
        }
        #expect((try? NoteRange(lowest: MIDINote(60), highest: MIDINote(72))) != nil)
    }

    @Test("must stay within A0–C8 (21–108)")
    func limits() {
        #expect(throws: NoteRange.Problem.outsideLimits(MIDINote(20))) {
            try NoteRange(lowest: MIDINote(20), highest: MIDINote(60))
        }
        #expect(throws: NoteRange.Problem.outsideLimits(MIDINote(109))) {
            try NoteRange(lowest: MIDINote(60), highest: MIDINote(109))
        }
        #expect((try? NoteRange(lowest: MIDINote(21), highest: MIDINote(108))) != nil)
    }

    @Test("reference notes are the whole range when the interval stays in 0…127")
    func referenceNotesWhole() throws {
        let range = try NoteRange(lowest: MIDINote(21), highest: MIDINote(108))
        #expect(range.referenceNotes(for: DirectedInterval(.octave, .up)) == MIDINote(21)...MIDINote(108))
        #expect(range.referenceNotes(for: DirectedInterval(.octave, .down)) == MIDINote(21)...MIDINote(108))
    }
}
