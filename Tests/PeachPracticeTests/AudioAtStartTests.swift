import PeachDomain
import PeachPractice
import PeachTestSupport
import PeachText
import Testing

@Suite("An audio output missing at start is waited for")
@MainActor
struct AudioAtStartTests {
    @Test("a controller plugged in while the output is missing waits; training starts when the output appears")
    func startsOnAppearance() {
        let fixture = PracticeBoxFixture()
        fixture.box.audioOutputMissingAtStart("audio device hw:9: open: No such file or directory")
        fixture.box.controllerConnected("keys")
        #expect(!fixture.box.isTraining)
        #expect(fixture.box.activity == .waitingForAudio)
        #expect(PracticeStatus(of: fixture.box, profile: StubCompareProfile(), range: .standard, texts: .english).activity.contains("waiting"))
        #expect(fixture.log.contains(level: .warning, "waiting for the audio output"))
        fixture.box.audioOutputRecovered()
        #expect(fixture.box.activity == .training(.compare))
    }

    @Test("without a controller the output's appearance starts nothing; the controller does")
    func waitsForController() {
        let fixture = PracticeBoxFixture()
        fixture.box.audioOutputMissingAtStart("busy")
        fixture.box.audioOutputRecovered()
        #expect(!fixture.box.isTraining)
        fixture.box.controllerConnected("keys")
        #expect(fixture.box.isTraining)
    }

    @Test("once training ran, a later loss and return wait for the player as before")
    func laterLossWaits() {
        let fixture = PracticeBoxFixture()
        fixture.box.audioOutputMissingAtStart("busy")
        fixture.box.controllerConnected("keys")
        fixture.box.audioOutputRecovered()
        #expect(fixture.box.isTraining)
        fixture.box.audioOutputFailed("card removed")
        fixture.box.audioOutputRecovered()
        #expect(!fixture.box.isTraining)
    }
}
