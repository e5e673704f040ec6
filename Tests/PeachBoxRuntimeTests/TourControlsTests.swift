import PeachDomain
import PeachMIDI
import PeachPractice
import Testing
@testable import PeachBoxRuntime

/// A mapping's controls as the tour names them.
@Suite("Tour controls from a mapping")
struct TourControlsTests {
    @Test("the generic mapping: key ranges, flicks, programs and chords; its higher step said in English")
    func generic() throws {
        let controls = MappingLibrary(mappings: []).generic.tourControls
        #expect(controls.higher == [.notes(low: 60, high: 127), .wheelFlick(up: true)])
        #expect(controls.lower == [.notes(low: 0, high: 59), .wheelFlick(up: false)])
        #expect(controls.tuning == [.pitchWheel])
        #expect(controls.modes[.match] == [.program(2), .chord(pitchClass: 4)])
        #expect(controls.report == [.program(5), .chord(pitchClass: 7)])
        #expect(controls.stop == [.program(4), .chord(pitchClass: 9)])
        let said = SpokenText.text(for: .tour(.ask(.higher, controls: controls.higher, afterRight: false)), in: .english)
        #expect(said == "When the second note is higher: the keys from middle C up, or a flick of the pitch wheel upwards. Press it now.")
    }

    @Test("a mapping's spoken words win; a fader tunes by its controller number; buttons by theirs")
    func spokenAndFader() throws {
        let mapping = try MappingFile.parse("""
            name: Faders
            match: "Faders"
            tuning:
              control: {cc: 7}
              commit: {cc: 41}
            answers:
              higher: {cc: 59, spoken: {en: "the right arrow button", de: "der rechte Pfeilknopf"}}
              lower: {cc: 58}
            report: {cc: 36}
            """, file: "faders.yaml")
        let controls = mapping.tourControls
        #expect(controls.higher == [.named([.english: "the right arrow button", .german: "der rechte Pfeilknopf"])])
        #expect(controls.lower == [.button(58)])
        #expect(controls.tuning == [.fader(7)])
        #expect(controls.report == [.button(36)])
        #expect(controls.modes[.match] == [])
        #expect(SpokenText.text(for: .tour(.ask(.higher, controls: controls.higher, afterRight: false)), in: .german)
                == "Wenn der zweite Ton höher ist: der rechte Pfeilknopf. Probier es jetzt.")
    }
}
