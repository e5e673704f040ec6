import PeachDomain
import PeachPractice
import PeachTestSupport
import PeachText
import Testing

@Suite("Status line")
@MainActor
struct PracticeStatusTests {
    @Test("waiting for a controller")
    func waiting() {
        let fixture = PracticeBoxFixture()
        let estimate = ThresholdEstimate(overallCurve: IntervalEstimate(value: 12.34, low: 10.1, high: 15.06), curve: [:],
                                         slope: 3, answerWeight: 300)
        let line = PracticeStatus(of: fixture.box, profile: StubCompareProfile(estimate: estimate), range: .standard, texts: .english).line()
        #expect(line.contains("waiting for a controller"))
        #expect(line.contains("75 % correct at 12.3 ct (10.1–15.1)"))
    }

    @Test("shows the last result and 'not enough answers yet' without a threshold, never the pending answer's direction")
    func training() throws {
        let fixture = PracticeBoxFixture()
        fixture.box.controllerConnected("keys")
        fixture.clock.advance(seconds: fixture.noteSeconds)
        let first = try fixture.answer(correctly: true)
        let status = PracticeStatus(of: fixture.box, profile: StubCompareProfile(), range: .standard, texts: .english)
        #expect(status.activity == "second note: higher or lower?")
        let size = Texts.english.numbers.cents(first.centOffset.magnitude.rawValue) + " ct"
        #expect(status.lastResult == "correct at \(size)")
        #expect(status.error == nil)
        #expect(status.threshold == "not enough answers yet")
        #expect(!status.line().contains("higher ("))
        #expect(!status.line().contains("+"))
    }

    @Test("while the first fit is still running beside the main actor the threshold is left out, not said to be missing")
    func fitting() throws {
        let fixture = PracticeBoxFixture()
        fixture.box.controllerConnected("keys")
        fixture.clock.advance(seconds: fixture.noteSeconds)
        _ = try fixture.answer(correctly: true)
        let status = PracticeStatus(of: fixture.box, profile: StubCompareProfile(latest: .fitting), range: .standard,
                                    texts: .english)
        #expect(status.threshold == nil)
        #expect(!status.line().contains("not enough answers"))
    }

    @Test("a long line is cut to the terminal width")
    func width() {
        let status = PracticeStatus(mode: .compare, activity: String(repeating: "x", count: 100), texts: .english)
        #expect(status.line(width: 40).count == 40)
    }
}
