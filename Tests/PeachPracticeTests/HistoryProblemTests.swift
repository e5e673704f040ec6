import PeachDomain
import PeachPractice
import PeachTestSupport
import PeachText
import Testing

@Suite("The player hears when answers cannot be saved, and when they are again")
@MainActor
struct HistoryProblemTests {
    @Test("a refusal is one alert and a status line; training goes on; recovery is one more alert")
    func episode() throws {
        let fixture = PracticeBoxFixture()
        fixture.box.controllerConnected("keys")
        fixture.clock.advance(seconds: fixture.noteSeconds)
        fixture.box.historyRefused("locked by another program", keptInJournal: true)
        #expect(fixture.feedback.alerts == [.historyUnavailable])
        let status = PracticeStatus(of: fixture.box, profile: StubCompareProfile(), range: .standard, texts: .english)
        #expect(status.error == "history busy: answers kept, saved later")
        try fixture.answer(correctly: true)
        #expect(fixture.box.isTraining)
        #expect(fixture.feedback.given == [.correct], "answers still get their own cue")
        fixture.box.historyRecovered()
        #expect(fixture.feedback.alerts == [.historyUnavailable, .historyRecovered])
        #expect(fixture.box.historyProblem == nil)
        #expect(PracticeStatus(of: fixture.box, profile: StubCompareProfile(), range: .standard, texts: .english).error?.contains("history") != true)
    }

    @Test("answers that cannot be kept anywhere are shown as not saved")
    func notKept() {
        let fixture = PracticeBoxFixture()
        fixture.box.historyRefused("disk full", keptInJournal: false)
        let line = PracticeStatus(of: fixture.box, profile: StubCompareProfile(), range: .standard, texts: .english).line()
        #expect(line.contains("NOT saved"))
    }

    @Test("a recovery without a problem tells nothing")
    func quietRecovery() {
        let fixture = PracticeBoxFixture()
        fixture.box.historyRecovered()
        #expect(fixture.feedback.alerts.isEmpty)
    }
}
