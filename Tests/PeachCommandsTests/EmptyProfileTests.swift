import Foundation
import PeachDomain
import PeachReports
import PeachTestSupport
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

    @Test("answers right half the time at every offset (a guesser, data made elsewhere) say why there is no threshold, with no trend")
    func guessing() throws {
        var answers = CompareAnswers()
        var digest = HistoryDigest(now: Date(), calendar: SystemCalendar())
        var random = SeededRandomGenerator(seed: 9)
        let start = Date().addingTimeInterval(-100_000)
        for index in 0..<3_000 {
            let note = MIDINote(Int.random(in: 48...72, using: &random))
            let offset = Double.random(in: 0.5...100, using: &random) * (index % 2 == 0 ? 1 : -1)
            let answer = try #require(CompareAnswer(referenceNote: note, targetNote: note, centOffset: Cents(offset),
                                                    isCorrect: Bool.random(using: &random), tuningSystem: .equalTemperament,
                                                    timestamp: start.addingTimeInterval(Double(index) * 30)))
            answers.add(answer)
            digest.add(answer)
        }
        let texts = Texts(.english)
        #expect(answers.areLikeGuessing)
        #expect(texts.threshold(.notEnoughAnswers, of: answers).hasPrefix("no threshold: your answers are right about half the time"))
        // Where the largest offsets show the threshold is above them, that is said instead: it says more.
        #expect(texts.threshold(.above(80), of: answers).hasPrefix("above 80"))
        // Whatever the fit says, no trend beside a threshold that is not measured.
        let text = ProfileReport(digest: digest, range: .standard).text(texts)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("Hear & Compare – single notes") })
        #expect(line.contains("no trend yet"), "\(line)")
        var practised = CompareAnswers()
        for answer in (0..<300).map({ index in
            CompareAnswer(referenceNote: MIDINote(60), targetNote: MIDINote(60), centOffset: Cents(index % 2 == 0 ? 20 : -20),
                          isCorrect: index % 4 != 0, tuningSystem: .equalTemperament, timestamp: start)!
        }) { practised.add(answer) }
        #expect(!practised.areLikeGuessing, "a player right 75 % of the time is no guesser")
    }
}
