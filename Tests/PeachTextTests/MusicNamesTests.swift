import PeachDomain
import PeachText
import Testing

/// Notes and intervals in the language's own names: an English "B4" would read as B-flat in German.
@Suite("Note and interval names")
struct MusicNamesTests {
    @Test("English: sharps and B; German: Cis, B for A#, H for B")
    func notes() {
        let english = Texts(.english), german = Texts(.german)
        #expect([69, 61, 71, 70].map { english.name(MIDINote($0)) } == ["A4", "C#4", "B4", "A#4"])
        #expect([69, 61, 71, 70].map { german.name(MIDINote($0)) } == ["A4", "Cis4", "H4", "B4"])
        #expect(german.name(MIDINote(0)) == "C-1")
    }

    @Test("notes read as the language writes them: German B is English A#/Bb, H is B; a B with a sign is refused")
    func readingNotes() {
        let english = Texts(.english), german = Texts(.german)
        let germanNames = ["H4": 71, "B4": 70, "Hes4": 70, "Cis3": 49, "cis3": 49, "Des3": 49, "Es4": 63, "As3": 56,
                           "Ases3": 55, "Eis4": 65, "Fis2": 42, "Gisis2": 45, "A4": 69, "C#3": 49, "Db3": 49, "C-1": 0,
                           "G9": 127, "69": 69]
        for (name, number) in germanNames { #expect(german.note(named: name)?.rawValue == number, "\(name)") }
        for name in ["Bb4", "B#4", "X4", "H10", "Cis", "", "Gis9", "128"] { #expect(german.note(named: name) == nil, "\(name)") }
        #expect(english.note(named: "B4")?.rawValue == 71)
        #expect(english.note(named: "Bb4")?.rawValue == 70)
        #expect(english.note(named: "H4") == nil)
        // Every note reads back from its own name in both languages.
        for number in 0...127 {
            #expect(german.note(named: german.name(MIDINote(number)))?.rawValue == number)
            #expect(english.note(named: english.name(MIDINote(number)))?.rawValue == number)
        }
    }

    @Test("intervals with their direction; a prime has none")
    func intervals() {
        let english = Texts(.english), german = Texts(.german)
        #expect(english.name(DirectedInterval(.perfectFifth, .up)) == "P5 up")
        #expect(english.name(DirectedInterval(.minorThird, .down)) == "m3 down")
        #expect(german.name(DirectedInterval(.perfectFifth, .up)) == "r5 aufwärts")
        #expect(german.name(DirectedInterval(.majorSixth, .down)) == "g6 abwärts")
        #expect(german.name(DirectedInterval.prime) == "r1")
        #expect(german.notes(MIDINote(60), MIDINote(71), DirectedInterval(.majorSeventh, .up)) == "C4→H4 g7 aufwärts")
        #expect(english.notes(MIDINote(60), MIDINote(60), DirectedInterval.prime) == "C4")
    }

    @Test("a repeated warning's count, in either language; nothing when none was counted")
    func repeatedWarning() {
        let warning = RepeatedWarning()
        #expect(Texts(.english).repeated(1, within: warning) == " (and 1 more in the last 10 s)")
        #expect(Texts(.german).repeated(41, within: warning) == " (und 41 weitere in den letzten 10 s)")
        #expect(Texts(.german).repeated(0, within: warning) == "")
    }
}
