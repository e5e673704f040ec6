import Foundation
import PeachDomain
import PeachPractice
import PeachTestSupport
import PeachText
import Testing

/// The hearing check on the box: it starts (`--mode check`, the gesture), a listener answers until
/// the check's rule stops it, the result is said, and Hear & Compare – single notes goes on.
@Suite("Hearing check on the box")
@MainActor
struct HearingCheckBoxTests {
    let voice = ScriptedAnnouncer(seconds: 1.5)

    var noteSeconds: Double { PracticeBoxFixture(voice: nil).noteSeconds }

    /// A listener whose threshold is `threshold` cents (75 % correct there), slope 2.5, no lapses.
    struct Listener {
        var threshold = 12.0
        var random = SeededRandomGenerator(seed: 3)

        mutating func isCorrect(at cents: Double) -> Bool {
            let p = 0.5 + 0.5 * (1 - pow(2, -pow(cents / threshold, 2.5)))
            return Double.random(in: 0..<1, using: &random) < p
        }
    }

    /// Answers the check's exercises as `listener` hears them until it stops; the number answered.
    func answerCheck(_ fixture: PracticeBoxFixture, listener: inout Listener, atMost limit: Int = 200) -> Int {
        var answered = 0
        while fixture.box.check?.trainer.isRunning == true, answered < limit,
              let exercise = fixture.box.check?.trainer.currentExercise {
            let correct = listener.isCorrect(at: exercise.centOffset.magnitude.rawValue)
            fixture.box.handle(.answer(higher: exercise.isTargetHigher == correct))
            answered += 1
            fixture.clock.advance(seconds: 0.4 + fixture.noteSeconds)
        }
        return answered
    }

    @Test("--mode check: the check is introduced, then its first exercise plays; the status line counts its answers")
    func starts() throws {
        let fixture = PracticeBoxFixture(voice: voice, opening: .check)
        fixture.box.controllerConnected("keys")
        #expect(voice.said.map(\.prompt) == [.checkStarts])
        #expect(fixture.box.activity == .training(.compare))
        #expect(fixture.player.handles.isEmpty)
        fixture.clock.advance(seconds: 1.5)
        #expect(fixture.check.trainer.state == .playingNote1)
        #expect(fixture.box.comparison.state == .idle)
        let status = PracticeStatus(of: fixture.box, profile: StubCompareProfile(), range: .standard, texts: .english)
        #expect(status.activity == "hearing check: answer 1 of at most 80")
        let german = PracticeStatus(of: fixture.box, profile: StubCompareProfile(), range: .standard, texts: Texts(.german))
        #expect(german.activity == "Hörtest: Antwort 1 von höchstens 80")
    }

    @Test("a listener answers until the check's rule stops it; the result is said, then Hear & Compare goes on")
    func stopsSaysResultAndTrains() throws {
        let fixture = PracticeBoxFixture(voice: voice, opening: .check)
        fixture.box.controllerConnected("keys")
        fixture.clock.advance(seconds: 1.5 + fixture.noteSeconds)
        var listener = Listener()
        let answered = answerCheck(fixture, listener: &listener)
        let check = fixture.check.check
        // Stopped by its rule: the interval narrow enough, or 80 answers.
        #expect(answered <= HearingCheck.mostAnswers)
        #expect(check.isFinished)
        #expect(answered == HearingCheck.mostAnswers || check.posterior.threshold.high / check.posterior.threshold.low < 1.5)
        #expect(answered == check.posterior.answers)
        // Its answers are ordinary answers: the same observers got every one.
        #expect(fixture.compareAnswers.completed.count == answered)
        let result = check.result.threshold
        guard case .measured(let value) = result else { Issue.record("no threshold: \(result)"); return }
        #expect(value.low <= 12 && 12 <= value.high, "the interval \(value.low)–\(value.high) holds the listener's 12 ct")
        #expect(voice.said.map(\.prompt).last == .checkResult(result))
        #expect(fixture.check.trainer.state == .idle)
        #expect(fixture.box.activity == .training(.compare))
        // After the result (the last answer's feedback, then 1.5 s), the mode's name, then training.
        let resultSaid = try #require(voice.said.last).at
        fixture.clock.advance(seconds: resultSaid + 1.5 - voice.now)
        #expect(voice.said.map(\.prompt).suffix(2) == [.checkResult(result), .mode(.compare)])
        #expect(fixture.box.comparison.state == .idle)
        fixture.clock.advance(seconds: 1.5)
        #expect(fixture.box.comparison.state == .playingNote1)
        #expect(fixture.box.runningSession === fixture.box.comparison)
        #expect(!fixture.box.isChecking)
        let status = PracticeStatus(of: fixture.box, profile: StubCompareProfile(), range: .standard, texts: .english)
        #expect(status.activity == "first note")
    }

    @Test("a report in the middle of a check's exercise does not restart the check: its answers are kept")
    func reportKeepsTheCheck() throws {
        let fixture = PracticeBoxFixture(voice: voice, opening: .check)
        fixture.box.controllerConnected("keys")
        fixture.clock.advance(seconds: 1.5 + fixture.noteSeconds)
        var listener = Listener()
        _ = answerCheck(fixture, listener: &listener, atMost: 3)
        fixture.clock.advance(seconds: 2)    // past the gesture window
        fixture.box.handle(.report)
        #expect(fixture.check.trainer.state == .idle)
        fixture.clock.advance(seconds: 1.5)
        #expect(fixture.check.trainer.isRunning)
        #expect(fixture.check.check.posterior.answers == 3)
        #expect(fixture.box.isChecking)
    }

    @Test("the Hear & Compare – single notes control twice within a second starts a check; once, or slower, does not")
    func gesture() throws {
        let fixture = PracticeBoxFixture(voice: voice)
        fixture.box.controllerConnected("keys")
        fixture.clock.advance(seconds: 3)
        fixture.box.handle(.start(.compare))
        fixture.clock.advance(seconds: 1.2)
        fixture.box.handle(.start(.compare))
        #expect(!voice.said.map(\.prompt).contains(.checkStarts))
        fixture.clock.advance(seconds: 0.5)
        fixture.box.handle(.start(.compare))
        #expect(voice.said.map(\.prompt).last == .checkStarts)
        fixture.clock.advance(seconds: 1.5)
        #expect(fixture.check.trainer.isRunning)
        #expect(fixture.box.comparison.state == .idle)
    }

    @Test("stop during the check stops it; no result is said and training does not go on")
    func stopEndsCheck() throws {
        let fixture = PracticeBoxFixture(voice: voice, opening: .check)
        fixture.box.controllerConnected("keys")
        fixture.clock.advance(seconds: 1.5 + fixture.noteSeconds)
        fixture.box.handle(.stop)
        fixture.clock.advance(seconds: 10)
        #expect(fixture.box.activity == .ready)
        #expect(!fixture.box.isChecking)
        #expect(!voice.said.map(\.prompt).contains { if case .checkResult = $0 { true } else { false } })
    }
}
