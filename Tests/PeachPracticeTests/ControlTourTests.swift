import PeachDomain
import PeachPractice
import PeachTestSupport
import PeachText
import Testing

/// The tour of the controls, on the box with a scripted voice and the manual clock: its prompts in
/// order, a wait for each press, right and wrong presses, time-outs, the skip, and no tour for a
/// player with history.
@Suite("Tour of the controls")
@MainActor
struct ControlTourTests {
    let voice = ScriptedAnnouncer(seconds: 1.5)
    /// The generic mapping's controls, as the runtime describes them.
    static let controls = TourControls(
        higher: [.notes(low: 60, high: 127), .wheelFlick(up: true)], lower: [.notes(low: 0, high: 59), .wheelFlick(up: false)],
        tuning: [.pitchWheel], modes: [.match: [.program(2), .chord(pitchClass: 4)], .compare: [.program(0)]],
        report: [.program(5), .chord(pitchClass: 7)], stop: [.program(4), .chord(pitchClass: 9)])

    var prompts: [SpokenPrompt] { voice.said.map(\.prompt) }

    func ask(_ step: TourStep, afterRight: Bool = false) -> SpokenPrompt {
        .tour(.ask(step, controls: Self.controls.controls(for: step), afterRight: afterRight))
    }

    /// A box with an empty history, the keys' controls described, plugged in.
    func pluggedIn(hasAnswers: Bool = false, opening: PracticeBox.Opening = .usual) -> PracticeBoxFixture {
        let fixture = PracticeBoxFixture(voice: voice, hasAnswers: hasAnswers, opening: opening)
        fixture.box.describeControls(Self.controls, of: "keys")
        fixture.box.controllerConnected("keys")
        return fixture
    }

    @Test("the first plug-in with an empty history: every step in order, each waiting for its press, then the hearing check")
    func wholeTour() throws {
        let fixture = pluggedIn()
        #expect(prompts == [.tour(.welcome(stop: Self.controls.stop))])
        #expect(fixture.box.activity == .touring)
        #expect(fixture.box.inputSkill == nil)
        fixture.clock.advance(seconds: 1.5)
        #expect(prompts.last == ask(.higher))
        #expect(fixture.box.inputSkill == .compare)
        // It waits: nothing more is said, nothing plays.
        fixture.clock.advance(seconds: 15)
        #expect(prompts.count == 2)
        fixture.box.handle(.answer(higher: true))
        #expect(prompts.last == ask(.lower, afterRight: true))
        fixture.clock.advance(seconds: 3)
        fixture.box.handle(.answer(higher: false))
        #expect(prompts.last == ask(.tuning, afterRight: true))
        #expect(fixture.box.inputSkill == .match)
        fixture.clock.advance(seconds: 3)
        fixture.box.handle(.adjustTuning(controlValue: 0.2))
        #expect(prompts.last == ask(.modes, afterRight: true))
        fixture.box.handle(.adjustTuning(controlValue: 0.3))   // the wheel still moving: neither right nor wrong
        #expect(prompts.last == ask(.modes, afterRight: true))
        fixture.clock.advance(seconds: 3)
        fixture.box.handle(.start(.match))
        #expect(fixture.box.matching.state == .idle)    // taught, not started
        #expect(prompts.last == ask(.report, afterRight: true))
        fixture.clock.advance(seconds: 3)
        fixture.box.handle(.report)
        #expect(prompts.last == .tour(.end))
        #expect(fixture.player.handles.isEmpty)
        fixture.clock.advance(seconds: 1.5)
        #expect(prompts.last == .checkStarts)
        #expect(!fixture.box.isTouring)
        fixture.clock.advance(seconds: 1.5)
        #expect(fixture.check.trainer.isRunning)
    }

    @Test("a wrong press is explained and the step waits again; a right one then goes on")
    func wrongPress() {
        let fixture = pluggedIn()
        fixture.clock.advance(seconds: 1.5)
        fixture.box.handle(.answer(higher: false))
        #expect(prompts.last == .tour(.wrong(.answer(higher: false), step: .higher, controls: Self.controls.higher)))
        fixture.clock.advance(seconds: 1.5)
        fixture.box.handle(.start(.compareIntervals))
        #expect(prompts.last == .tour(.wrong(.mode(.compareIntervals), step: .higher, controls: Self.controls.higher)))
        #expect(fixture.box.comparison.state == .idle)
        fixture.clock.advance(seconds: 1.5)
        fixture.box.handle(.answer(higher: true))
        #expect(prompts.last == ask(.lower, afterRight: true))
        let text = SpokenText.text(for: .tour(.wrong(.answer(higher: false), step: .higher, controls: Self.controls.higher)),
                                   in: .english)
        #expect(text == "That was lower. When the second note is higher: the keys from middle C up, or a flick of the pitch wheel upwards. Press it now.")
    }

    @Test("no press for 20 s: the prompt once more; another 20 s: the next step")
    func timeOuts() {
        let fixture = pluggedIn()
        fixture.clock.advance(seconds: 1.5 + 1.5)    // the welcome, then the step's prompt: the wait begins
        fixture.clock.advance(seconds: 19.9)
        #expect(prompts.last == ask(.higher) && prompts.count == 2)
        fixture.clock.advance(seconds: 0.1)
        #expect(prompts.suffix(2) == [ask(.higher), ask(.higher)])
        fixture.clock.advance(seconds: 1.5 + 20)
        #expect(prompts.last == ask(.lower))
        // The next step waits anew: once more, then on.
        fixture.clock.advance(seconds: 1.5 + 20)
        #expect(prompts.suffix(2) == [ask(.lower), ask(.lower)])
    }

    @Test("the stop control skips the tour at once, from any step; training starts")
    func skip() {
        let fixture = pluggedIn()
        fixture.clock.advance(seconds: 1.5)
        fixture.box.handle(.answer(higher: true))
        fixture.box.handle(.stop)
        #expect(!fixture.box.isTouring)
        #expect(prompts.last == .mode(.compare))
        fixture.clock.advance(seconds: 1.5)
        #expect(fixture.box.comparison.state == .playingNote1)
        // No tour prompt comes later, and no time-out.
        fixture.clock.advance(seconds: 60)
        #expect(!prompts.contains(ask(.tuning)) && prompts.filter { if case .tour = $0 { true } else { false } }.count == 3)
    }

    @Test("a player with history goes straight to training; --tour and the report twice give the tour on request")
    func withHistory() {
        let fixture = pluggedIn(hasAnswers: true)
        #expect(prompts == [.mode(.compare)])
        fixture.clock.advance(seconds: 3)
        #expect(fixture.box.comparison.isRunning)
        fixture.box.handle(.report)
        fixture.clock.advance(seconds: 0.5)
        fixture.box.handle(.report)
        #expect(prompts.last == .tour(.welcome(stop: Self.controls.stop)))
        #expect(!fixture.box.comparison.isRunning)
        #expect(fixture.player.soundingNotes.isEmpty)
        // The tour on request ends in training, not a check: there is history.
        fixture.box.handle(.stop)
        #expect(prompts.last == .mode(.compare))

        let requested = PracticeBoxFixture(voice: ScriptedAnnouncer(), hasAnswers: true, opening: .tour)
        requested.box.controllerConnected("keys")
        #expect(requested.box.isTouring)
    }

    @Test("an empty history with a mode asked for (peach run --mode): that mode at once, no tour")
    func modeChosen() {
        let fixture = PracticeBoxFixture(modeOverride: .match, voice: voice, hasAnswers: false)
        fixture.box.describeControls(Self.controls, of: "keys")
        fixture.box.controllerConnected("keys")
        #expect(prompts == [.mode(.match)])
        #expect(!fixture.box.isTouring)
    }

    @Test("a skipped tour is not forced again on the next plug-in; unplugging ends it silently")
    func notTwice() {
        let fixture = pluggedIn()
        fixture.clock.advance(seconds: 1.5)
        fixture.box.controllerDisconnected("keys")
        #expect(!fixture.box.isTouring)
        let said = prompts.count
        fixture.clock.advance(seconds: 60)
        #expect(prompts.count == said)
        fixture.box.controllerConnected("keys")
        #expect(prompts.last == .mode(.compare))
    }

    @Test("with the voice turned off there is no tour: the first plug-in starts training")
    func voiceOff() {
        voice.isVoiceOn = false
        let fixture = pluggedIn()
        #expect(!fixture.box.isTouring)
        #expect(prompts == [.mode(.compare)])
    }

    @Test("the tour's texts name the controls in English and German")
    func texts() {
        let english = SpokenText.text(for: ask(.lower), in: .english)
        #expect(english == "When the second note is lower: the keys below middle C, or a flick of the pitch wheel downwards. Press it now.")
        let german = SpokenText.text(for: ask(.modes, afterRight: true), in: .german)
        #expect(german == "Gut. Jede Übung hat ihre eigene Taste. Für Stimmen und treffen: Programm 2, oder ein Akkord auf E. Probier es jetzt.")
        let named = TourControls(higher: [.named([.english: "the right pad", .german: "das rechte Pad"]), .notes(low: 55, high: 59)])
        #expect(SpokenText.text(for: .tour(.ask(.higher, controls: named.higher, afterRight: false)), in: .german)
                == "Wenn der zweite Ton höher ist: das rechte Pad, oder die Tasten von G 3 bis H 3. Probier es jetzt.")
        #expect(SpokenText.text(for: .tour(.welcome(stop: [.button(64)])), in: .english).hasSuffix("at any time: button 64."))
        #expect(SpokenText.text(for: .tour(.ask(.tuning, controls: [.fader(7)], afterRight: false)), in: .english)
                == "In tune and match you tune the note with the fader or knob of controller 7. Move it now.")
        #expect(SpokenText.text(for: .tour(.ask(.report, controls: [], afterRight: false)), in: .english)
                == "To hear your threshold and how it changes: its control. Press it now.")
    }
}
