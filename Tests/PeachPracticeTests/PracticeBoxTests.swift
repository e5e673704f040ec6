import PeachDomain
import PeachPractice
import PeachTestSupport
import Testing

@Suite("Practice box: hotplug, actions, interruptions")
@MainActor
struct PracticeBoxTests {
    @Test("the first controller starts Hear & Compare with single notes when no mode is remembered")
    func firstControllerStartsCompare() {
        let fixture = PracticeBoxFixture()
        #expect(fixture.box.activity == .waitingForController)
        fixture.box.controllerConnected("Keystation 49")
        #expect(fixture.box.activity == .training(.compare))
        #expect(fixture.box.comparison.state == .playingNote1)
        #expect(fixture.player.soundingNotes.count == 1)
        #expect(fixture.memory.lastMode == .compare)
    }

    @Test("a controller starts the remembered mode", arguments: TrainingMode.allCases)
    func controllerStartsRememberedMode(mode: TrainingMode) {
        let fixture = PracticeBoxFixture(remembered: mode)
        fixture.box.controllerConnected("nanoKEY2")
        #expect(fixture.box.activity == .training(mode))
        #expect(fixture.box.comparison.isRunning == (mode.skill == .compare))
        #expect(fixture.box.matching.isRunning == (mode.skill == .match))
        #expect(fixture.box.runningSession?.skill == mode.skill)
    }

    @Test("Compare Timing: the higher control says late, the lower early; the answer is recorded and cued")
    func compareTimingAnswers() throws {
        let fixture = PracticeBoxFixture(remembered: .compareTiming)
        fixture.box.controllerConnected("keys")
        let timing = try #require(fixture.box.runningSession as? CompareTimingTrainer)
        while timing.state != .awaitingAnswer { fixture.clock.advanceToNextTimer() }
        let exercise = try #require(timing.currentExercise)
        fixture.box.handle(.answer(higher: exercise.direction == .late))
        guard case .timing(let answer)? = fixture.rhythmAnswers.answers.last else {
            Issue.record("no timing answer recorded")
            return
        }
        #expect(answer.isCorrect)
        #expect(fixture.feedback.given == [.correct])
    }

    @Test("Fill the Gap: a tap reaches the trainer with its input time; unplugging stops the loop")
    func fillTheGapTapsAndStops() throws {
        let fixture = PracticeBoxFixture(remembered: .fillTheGap)
        fixture.box.controllerConnected("pads")
        let gapFill = try #require(fixture.box.runningSession as? FillTheGapTrainer)
        let gaps = try #require(gapFill.currentGaps)
        for time in gaps.times { fixture.box.handle(.tap(at: UInt64((time + 0.004) * 1e9))) }
        while fixture.rhythmAnswers.answers.isEmpty, fixture.clock.advanceToNextTimer() {}
        guard case .gapFill(let trial)? = fixture.rhythmAnswers.answers.first else {
            Issue.record("no trial recorded")
            return
        }
        #expect(trial.taps?.hits.count == 16)
        #expect(abs(trial.meanOffsetMs - 4) < 1e-3)
        fixture.box.controllerDisconnected("pads")
        #expect(!gapFill.isRunning)
        #expect(fixture.box.activity == .waitingForController)
    }

    @Test("--mode overrides the remembered mode and becomes the remembered one")
    func modeOverride() {
        let fixture = PracticeBoxFixture(remembered: .compare, modeOverride: .matchIntervals)
        #expect(fixture.memory.lastMode == .matchIntervals)
        fixture.box.controllerConnected("keys")
        #expect(fixture.box.activity == .training(.matchIntervals))
    }

    @Test("unplugging mid-note stops at once: nothing sounds, nothing is recorded, the box waits")
    func unplugMidNote() {
        let fixture = PracticeBoxFixture()
        fixture.box.controllerConnected("keys")
        fixture.clock.advance(seconds: fixture.noteSeconds + 0.1)  // into note 2
        #expect(fixture.box.comparison.state == .playingNote2)
        fixture.box.controllerDisconnected("keys")
        #expect(fixture.box.activity == .waitingForController)
        #expect(fixture.player.soundingNotes.isEmpty)
        #expect(fixture.compareAnswers.completed.isEmpty)
        #expect(fixture.box.lastInterruption == .controllerDisconnected(name: "keys"))
        fixture.clock.advance(seconds: 5)
        #expect(fixture.player.soundingNotes.isEmpty)
        #expect(fixture.compareAnswers.completed.isEmpty)
    }

    @Test("replugging starts training again")
    func replug() {
        let fixture = PracticeBoxFixture(remembered: .match)
        fixture.box.controllerConnected("keys")
        fixture.box.controllerDisconnected("keys")
        fixture.box.controllerConnected("keys")
        #expect(fixture.box.activity == .training(.match))
    }

    @Test("losing a second controller that is not in use does not stop training")
    func secondControllerLeaves() {
        let fixture = PracticeBoxFixture()
        fixture.box.controllerConnected("keys")
        fixture.box.controllerConnected("pads")
        fixture.box.handle(.answer(higher: true), from: "keys")
        fixture.box.controllerDisconnected("pads")
        #expect(fixture.box.isTraining)
        fixture.box.controllerDisconnected("keys")
        #expect(!fixture.box.isTraining)
    }

    @Test("losing the controller in use stops training even while another stays plugged in")
    func controllerInUseLeaves() {
        let fixture = PracticeBoxFixture()
        fixture.box.controllerConnected("keys")
        fixture.box.controllerConnected("pads")
        fixture.box.handle(.answer(higher: true), from: "pads")
        fixture.box.controllerDisconnected("pads")
        #expect(!fixture.box.isTraining)
        #expect(fixture.player.soundingNotes.isEmpty)
        #expect(fixture.box.controllerInUse == "keys")
    }

    @Test("answers from the controller are recorded as correct or wrong")
    func answersRecorded() throws {
        let fixture = PracticeBoxFixture()
        fixture.box.controllerConnected("keys")
        fixture.clock.advance(seconds: fixture.noteSeconds)
        try fixture.answer(correctly: true)
        try fixture.answer(correctly: false)
        #expect(fixture.compareAnswers.completed.map(\.isCorrect) == [true, false])
        #expect(fixture.feedback.given == [.correct, .wrong])
    }

    @Test("a spring-back release commits the value held before it, not the centre")
    func commitHeldValue() throws {
        let fixture = PracticeBoxFixture(remembered: .match)
        fixture.box.controllerConnected("keys")
        fixture.clock.advance(seconds: fixture.noteSeconds)
        fixture.box.handle(.adjustTuning(controlValue: 0.1))
        fixture.box.handle(.adjustTuning(controlValue: 0.37))
        fixture.box.handle(.adjustTuning(controlValue: 0.2))  // the wheel on its way back
        fixture.box.handle(.adjustTuning(controlValue: 0))
        let exercise = try #require(fixture.box.matching.currentExercise)
        fixture.box.handle(.commitTuning(heldValue: 0.37))
        let result = try #require(fixture.matchAnswers.completed.first)
        let expected = exercise.initialCentOffset.rawValue + 0.37 * 100
        #expect(abs(result.userCentError.rawValue - expected) < 1e-9)
        #expect(fixture.feedback.given == [AnswerResult(result)])
    }

    @Test("a spring-back release before the tunable note sounds records nothing and starts no note")
    func releaseBeforeTunableNote() {
        let fixture = PracticeBoxFixture(remembered: .match)
        fixture.box.controllerConnected("keys")
        fixture.box.handle(.commitTuning(heldValue: 0.4))  // during the reference note
        fixture.clock.advance(seconds: fixture.noteSeconds)
        #expect(fixture.box.matching.state == .awaitingTuning)
        fixture.box.handle(.commitTuning(heldValue: 0.4))  // after it, before any touch
        #expect(fixture.matchAnswers.completed.isEmpty)
        #expect(fixture.player.soundingNotes.isEmpty)
        #expect(fixture.box.matching.state == .awaitingTuning)
    }

    @Test("a mode control switches skills, discarding the other's unfinished exercise")
    func switchMode() {
        let fixture = PracticeBoxFixture()
        fixture.box.controllerConnected("keys")
        fixture.clock.advance(seconds: fixture.noteSeconds)
        fixture.box.handle(.start(.matchIntervals))
        #expect(fixture.box.activity == .training(.matchIntervals))
        #expect(!fixture.box.comparison.isRunning)
        #expect(fixture.compareAnswers.completed.isEmpty)
        #expect(fixture.player.soundingNotes.count == 1)  // only the new reference note
        #expect(fixture.memory.lastMode == .matchIntervals)
    }

    @Test("the start control of the mode already running does not restart it")
    func startSameMode() throws {
        let fixture = PracticeBoxFixture()
        fixture.box.controllerConnected("keys")
        let comparison = try #require(fixture.box.comparison.currentExercise)
        fixture.box.handle(.start(.compare))
        #expect(fixture.box.comparison.currentExercise == comparison)
        #expect(fixture.player.handles.count == 1)
    }

    @Test("stop from the controller stops; a later start control starts again")
    func stopAndStart() {
        let fixture = PracticeBoxFixture()
        fixture.box.controllerConnected("keys")
        fixture.box.handle(.stop)
        #expect(fixture.box.activity == .ready)
        #expect(fixture.player.soundingNotes.isEmpty)
        fixture.box.handle(.start(.compare))
        #expect(fixture.box.activity == .training(.compare))
    }

    @Test("audio loss stops training; its return does not resume it; the start control does")
    func audioLoss() {
        let fixture = PracticeBoxFixture()
        fixture.box.controllerConnected("keys")
        fixture.box.audioOutputFailed("snd_pcm_writei: No such device")
        #expect(fixture.box.activity == .waitingForAudio)
        #expect(fixture.player.soundingNotes.isEmpty)
        fixture.box.handle(.start(.compare))
        #expect(!fixture.box.isTraining)
        fixture.box.audioOutputRecovered()
        #expect(fixture.box.activity == .ready)
        fixture.clock.advance(seconds: 3)
        #expect(!fixture.box.isTraining)
        fixture.box.handle(.start(.compare))
        #expect(fixture.box.activity == .training(.compare))
    }

    @Test("shutting down stops through the interruption path and records nothing")
    func shutDown() {
        let fixture = PracticeBoxFixture(remembered: .match)
        fixture.box.controllerConnected("keys")
        fixture.clock.advance(seconds: fixture.noteSeconds)
        fixture.box.handle(.adjustTuning(controlValue: 0.5))
        fixture.box.shutDown()
        #expect(!fixture.box.isTraining)
        #expect(fixture.player.soundingNotes.isEmpty)
        #expect(fixture.matchAnswers.completed.isEmpty)
    }

    @Test("actions for the skill that is not running are ignored")
    func actionsForOtherSkill() {
        let fixture = PracticeBoxFixture()
        fixture.box.controllerConnected("keys")
        fixture.box.handle(.adjustTuning(controlValue: 0.5))
        fixture.box.handle(.commitTuning(heldValue: 0.5))
        #expect(fixture.matchAnswers.completed.isEmpty)
        #expect(fixture.box.activity == .training(.compare))
    }
}
