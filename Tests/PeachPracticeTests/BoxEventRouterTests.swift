import PeachDomain
import PeachPractice
import PeachTestSupport
import Testing

@Suite("Box event router: one identity per controller")
@MainActor
struct BoxEventRouterTests {
    static let first = ControllerID(name: "Keystation 49", port: "Keystation 49 MIDI 1", instance: 0)
    static let twin = ControllerID(name: "Keystation 49", port: "Keystation 49 MIDI 1", instance: 1)

    /// Answers the comparison now waiting, through the router, from `controller`.
    func answer(_ fixture: PracticeBoxFixture, _ router: BoxEventRouter, from controller: ControllerID) throws {
        let comparison = try #require(fixture.box.comparison.currentExercise)
        router.route(.controllerActions([.answer(higher: comparison.isTargetHigher)], from: controller))
        fixture.clock.advance(seconds: 0.4 + fixture.noteSeconds)
    }

    @Test("unplugging the idle one of two identical keyboards leaves training and the other one answering")
    func idleTwinUnplugged() throws {
        let fixture = PracticeBoxFixture()
        let router = BoxEventRouter(box: fixture.box)
        router.route(.controllerConnected(Self.first))
        router.route(.controllerConnected(Self.twin))
        fixture.clock.advance(seconds: fixture.noteSeconds)
        try answer(fixture, router, from: Self.first)
        #expect(fixture.box.controllerInUse == Self.first)
        router.route(.controllerDisconnected(Self.twin))
        #expect(fixture.box.isTraining)
        #expect(fixture.box.connectedControllers == [Self.first])
        try answer(fixture, router, from: Self.first)
        #expect(fixture.compareAnswers.completed.count == 2, "the one in use still answers")
    }

    @Test("unplugging the twin in use stops training; the other starts it again")
    func twinInUseUnplugged() throws {
        let fixture = PracticeBoxFixture()
        let router = BoxEventRouter(box: fixture.box)
        router.route(.controllerConnected(Self.first))
        router.route(.controllerConnected(Self.twin))
        fixture.clock.advance(seconds: fixture.noteSeconds)
        try answer(fixture, router, from: Self.twin)
        router.route(.controllerDisconnected(Self.twin))
        #expect(!fixture.box.isTraining)
        #expect(fixture.box.controllerInUse == Self.first)
        router.route(.controllerActions([.start(.compare)], from: Self.first))
        #expect(fixture.box.isTraining)
    }

    @Test("two ports of one device are two controllers")
    func twoPorts() {
        let fixture = PracticeBoxFixture()
        let router = BoxEventRouter(box: fixture.box)
        let keys = ControllerID(name: "Launchkey", port: "Launchkey MIDI")
        let pads = ControllerID(name: "Launchkey", port: "Launchkey InControl")
        router.route(.controllerConnected(keys))
        router.route(.controllerConnected(pads))
        router.route(.controllerActions([.stop], from: keys))
        router.route(.controllerDisconnected(pads))
        #expect(fixture.box.connectedControllers == [keys])
        #expect(fixture.box.lastInterruption == nil, "the idle port's loss did not interrupt")
    }

    @Test("actions from a controller the box does not know do nothing")
    func unknownController() {
        let fixture = PracticeBoxFixture()
        let router = BoxEventRouter(box: fixture.box)
        router.route(.controllerActions([.start(.match)], from: Self.first))
        #expect(!fixture.box.isTraining)
    }

    @Test("names read as a musician sees them")
    func names() {
        #expect(Self.first.description == "Keystation 49")
        #expect(Self.twin.description == "Keystation 49 #2")
        #expect(ControllerID(name: "Launchkey", port: "InControl").description == "Launchkey (InControl)")
    }

    @Test("audio events reach the box")
    func audio() {
        let fixture = PracticeBoxFixture()
        let router = BoxEventRouter(box: fixture.box)
        router.route(.audioOutputFailed(reason: "gone"))
        #expect(!fixture.box.isAudioAvailable)
        router.route(.audioOutputRecovered)
        #expect(fixture.box.isAudioAvailable)
    }

    @Test("the audio output's loss, its return and its absence at start reach the box through the router")
    func audioAtStart() {
        let fixture = PracticeBoxFixture()
        let router = BoxEventRouter(box: fixture.box)
        router.route(.audioOutputMissingAtStart(reason: "no card"))
        #expect(!fixture.box.isAudioAvailable)
        router.route(.audioOutputRecovered)
        #expect(fixture.box.isAudioAvailable)
        router.route(.audioOutputFailed(reason: "unplugged"))
        #expect(!fixture.box.isAudioAvailable)
    }
}
