import Foundation
import PeachDomain
import PeachReports
import PeachText
import Testing

/// An empty history says how to start, in the player's words; a history with answers does not.
@Suite("peach profile of an empty history")
@MainActor
struct EmptyProfileTests {
    @Test("no answers at all: how to start (plug in, the tour, the check) comes first, in both languages")
    func howToStart() {
        let empty = ProfileReport(digest: HistoryDigest(now: Date(), calendar: SystemCalendar()), range: .standard)
        #expect(empty.text(Texts(.english)).hasPrefix("No answers yet. Plug a MIDI keyboard into the box"))
        #expect(empty.text(Texts(.english)).contains("peach run --mode check"))
        #expect(empty.text(Texts(.german)).hasPrefix("Noch keine Antworten. Steck ein MIDI-Keyboard an die Box"))
        var digest = HistoryDigest(now: Date(), calendar: SystemCalendar())
        digest.add(TimingAnswer(tempo: TempoBPM(clamping: 80), offsetMs: -12, isCorrect: true, timestamp: Date()))
        #expect(!ProfileReport(digest: digest, range: .standard).text(Texts(.english)).contains("Plug a MIDI keyboard"))
    }
}
