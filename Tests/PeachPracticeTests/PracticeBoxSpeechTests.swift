import PeachDomain
import PeachPractice
import PeachTestSupport
import Testing

/// The box says what happens and holds training notes back while it does.
@Suite("Practice box speaking")
@MainActor
struct PracticeBoxSpeechTests {
    let voice = ScriptedAnnouncer(seconds: 1.5)
    let fixture: PracticeBoxFixture

    init() { fixture = PracticeBoxFixture(voice: voice) }

    var prompts: [SpokenPrompt] { voice.said.map(\.prompt) }

    /// No note starts while a prompt is being said.
    func expectNoNoteDuringSpeech() {
        for handle in fixture.player.handles {
            let start = handle.startedAt.seconds
            for said in voice.said {
                let end = said.at + voice.seconds
                #expect(!(start > said.at && start < end), "a note started at \(start) s while \(said.prompt) was said")
            }
        }
    }

    @Test("a controller starts training after the mode has been said; the mode counts as training meanwhile")
    func startSaysMode() {
        fixture.box.controllerConnected("keys")
        #expect(prompts == [.mode(.compare)])
        #expect(fixture.box.activity == .training(.compare))
        #expect(fixture.player.handles.isEmpty)
        fixture.clock.advance(seconds: 1.49)
        #expect(fixture.player.handles.isEmpty)
        fixture.clock.advance(seconds: 0.01)
        #expect(fixture.player.handles.count == 1)
        #expect(fixture.box.comparison.state == .playingNote1)
    }

    @Test("a mode switch says the new mode and starts it afterwards; stop says so")
    func switchAndStop() throws {
        fixture.box.controllerConnected("keys")
        fixture.clock.advance(seconds: 2)
        fixture.box.handle(.start(.match))
        #expect(fixture.box.comparison.state == .idle)
        fixture.clock.advance(seconds: 1.5)
        #expect(fixture.box.matching.state == .playingReference)
        fixture.box.handle(.stop)
        #expect(prompts == [.mode(.compare), .mode(.match), .stopped])
        #expect(fixture.box.activity == .ready)
        fixture.clock.advance(seconds: 5)
        #expect(fixture.player.soundingNotes.isEmpty)
        expectNoNoteDuringSpeech()
    }

    @Test("a report in the middle of an exercise throws it away unrecorded; a new one follows the report")
    func reportMidExercise() throws {
        fixture.box.controllerConnected("keys")
        fixture.clock.advance(seconds: 1.5 + 0.5)    // into the first note
        fixture.box.handle(.report)
        guard case .report(let report)? = prompts.last else { Issue.record("no report: \(prompts)"); return }
        #expect(report.mode == .compare && report.measurement == .notEnoughAnswers && report.last == nil)
        #expect(fixture.player.soundingNotes.isEmpty)
        #expect(fixture.box.activity == .training(.compare))
        fixture.clock.advance(seconds: 1.5)
        #expect(fixture.box.comparison.state == .playingNote1)
        #expect(fixture.compareAnswers.completed.isEmpty)
        expectNoNoteDuringSpeech()
    }

    @Test("between exercises the next one waits for the report, and the report has the last answer")
    func reportBetweenExercises() throws {
        fixture.box.controllerConnected("keys")
        fixture.clock.advance(seconds: 1.5 + fixture.noteSeconds + 0.1)
        let comparison = try #require(fixture.box.comparison.currentExercise)
        fixture.box.handle(.answer(higher: comparison.isTargetHigher))
        fixture.box.handle(.report)
        guard case .report(let report)? = prompts.last else { Issue.record("no report: \(prompts)"); return }
        #expect(report.last == .compare(correct: true, cents: comparison.centOffset.magnitude.rawValue))
        let notes = fixture.player.handles.count
        fixture.clock.advance(seconds: 1.4)
        #expect(fixture.player.handles.count == notes, "the next exercise started during the report")
        fixture.clock.advance(seconds: 0.2)
        #expect(fixture.player.handles.count == notes + 1)
        #expect(fixture.compareAnswers.completed.count == 1)
        expectNoNoteDuringSpeech()
    }

    @Test("choosing the mode already running confirms it by voice between exercises, without a new run")
    func sameModeConfirmed() throws {
        fixture.box.controllerConnected("keys")
        fixture.clock.advance(seconds: 1.5 + fixture.noteSeconds + 0.1)
        let comparison = try #require(fixture.box.comparison.currentExercise)
        fixture.box.handle(.answer(higher: comparison.isTargetHigher))
        fixture.box.handle(.start(.compare))
        #expect(prompts == [.mode(.compare), .mode(.compare)])
        #expect(fixture.box.comparison.lastAnswer != nil, "the run was restarted")
        fixture.clock.advance(seconds: 1.6)
        #expect(fixture.box.comparison.state == .playingNote1)
        expectNoNoteDuringSpeech()
    }

    @Test("the audio coming back, answers not saved and saved again are said")
    func outsideEvents() {
        fixture.box.controllerConnected("keys")
        fixture.box.audioOutputFailed("gone")
        fixture.box.historyRefused("locked", keptInJournal: true)   // no audio: nothing is said
        fixture.box.audioOutputRecovered()
        fixture.box.historyRecovered()
        fixture.box.historyRefused("disk full", keptInJournal: false)
        #expect(prompts == [.mode(.compare), .audioBack, .answersSavedAgain, .answersNotSaved(kept: false)])
    }

    @Test("unplugging while the mode is said: nothing starts, the prompt is cut off")
    func unplugDuringPrompt() {
        fixture.box.controllerConnected("keys")
        fixture.clock.advance(seconds: 0.5)
        fixture.box.controllerDisconnected("keys")
        #expect(!voice.isSpeaking)
        fixture.clock.advance(seconds: 5)
        #expect(fixture.player.handles.isEmpty)
        #expect(fixture.box.activity == .waitingForController)
    }
}
