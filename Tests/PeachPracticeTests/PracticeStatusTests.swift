import PeachDomain
import PeachPractice
import PeachTestSupport
import Testing

@Suite("Status line")
@MainActor
struct PracticeStatusTests {
    @Test("waiting for a controller")
    func waiting() {
        let fixture = PracticeBoxFixture()
        let line = PracticeStatus(of: fixture.box, profile: StubDiscriminationProfile(overallMean: Cents(12.34))).line()
        #expect(line.contains("waiting for a controller"))
        #expect(line.contains("threshold 12.3 ¢"))
    }

    @Test("shows the last result and the session best, never the pending answer's direction")
    func training() throws {
        let fixture = PracticeBoxFixture()
        fixture.box.controllerConnected("keys")
        fixture.clock.advance(seconds: fixture.noteSeconds)
        let first = try fixture.answer(correctly: true)
        let status = PracticeStatus(of: fixture.box, profile: StubDiscriminationProfile())
        #expect(status.activity == "second note: higher or lower?")
        let size = String(format: "%.1f ¢", first.centOffset.magnitude.rawValue)
        #expect(status.lastResult == "correct at \(size)")
        #expect(status.bestOrError == "best \(size)")
        #expect(!status.line().contains("higher ("))
        #expect(!status.line().contains("+"))
    }

    @Test("a long line is cut to the terminal width")
    func width() {
        let status = PracticeStatus(mode: .compare, activity: String(repeating: "x", count: 100))
        #expect(status.line(width: 40).count == 40)
    }
}
