import PeachConfig
import PeachDomain
import PeachPractice
import Testing

@Suite("The running box's rules: signals, reload, keyboard, underruns, reopening, lights, shutdown order")
struct BoxRuntimeRuleTests {
    @Test("SIGHUP reloads the service and ends a terminal's box; SIGINT and SIGTERM always stop")
    func signals() {
        let service = SignalRule(hasTerminal: false), terminal = SignalRule(hasTerminal: true)
        #expect(service.response(to: .hangUp) == .reload)
        #expect(terminal.response(to: .hangUp) == .stop(.hangUp))
        for rule in [service, terminal] {
            #expect(rule.response(to: .terminate) == .stop(.terminate))
            #expect(rule.response(to: .interrupt) == .stop(.interrupt))
        }
    }

    @Test("signals during the start: a stop wins over a reload, none does nothing")
    func earlySignals() {
        let service = SignalRule(hasTerminal: false)
        #expect(service.response(toEarly: []) == nil)
        #expect(service.response(toEarly: [.hangUp]) == .reload)
        #expect(service.response(toEarly: [.hangUp, .terminate]) == .stop(.terminate))
        #expect(service.response(toEarly: [.hangUp, .interrupt]) == .stop(.interrupt))
        #expect(SignalRule(hasTerminal: true).response(toEarly: [.hangUp]) == .stop(.hangUp))
    }

    @Test("a reload names the sections that need a restart, and only those")
    func reload() throws {
        let before = PracticeConfiguration()
        var after = before
        #expect(ConfigurationReload.sectionsNeedingRestart(before: before, after: after).isEmpty)
        after.training.noteDuration = try #require(NoteDuration(seconds: 0.5))
        after.feedback.lights = false
        #expect(ConfigurationReload.sectionsNeedingRestart(before: before, after: after).isEmpty)
        after.audio.device = "hw:1,0"
        after.sound.program = 5
        #expect(ConfigurationReload.sectionsNeedingRestart(before: before, after: after) == ["sound", "audio"])
        after.controllers.assignments = [MappingAssignment(pattern: "Keystation*", mapping: "keys-only")]
        #expect(ConfigurationReload.sectionsNeedingRestart(before: before, after: after) == ["sound", "audio", "controllers"])
    }

    @Test("the computer keyboard connects at start with --keyboard, on a key when no controller is there")
    func keyboard() {
        #expect(KeyboardUse.always.connectsAtStart && !KeyboardUse.whenNoController.connectsAtStart)
        #expect(KeyboardUse.whenNoController.connects(onKeyWhenConnected: false, otherControllers: 0))
        #expect(!KeyboardUse.whenNoController.connects(onKeyWhenConnected: false, otherControllers: 1))
        #expect(!KeyboardUse.whenNoController.connects(onKeyWhenConnected: true, otherControllers: 0))
        #expect(!KeyboardUse.never.connects(onKeyWhenConnected: false, otherControllers: 0))
        #expect(!KeyboardUse.always.connects(onKeyWhenConnected: true, otherControllers: 0))
    }

    @Test("underruns are logged when their count has grown, once per new total")
    func underruns() {
        var count = UnderrunCount()
        #expect(count.look(at: 0) == nil)
        #expect(count.look(at: 3) == 3)
        #expect(count.look(at: 3) == nil)
        #expect(count.look(at: 5) == 5)
    }

    @Test("a device not there at start is tried at the interval until it opens; a stop ends the waiting")
    func reopening() async {
        var attempts = 0
        var slept: [Duration] = []
        let opened: String? = await Reopening(every: .seconds(2)).attempt({
            attempts += 1
            return attempts == 3 ? "sequencer" : nil
        }, sleep: { slept.append($0) })
        #expect(opened == "sequencer" && attempts == 3 && slept == [.seconds(2), .seconds(2)])
        struct Stopping: Error {}
        let never: String? = await Reopening(every: .seconds(2)).attempt({ nil }, sleep: { _ in throw Stopping() })
        #expect(never == nil)
    }

    @Test("results light the controller in use, only with lights on and while it is connected")
    func lights() {
        let pads: ControllerID = "pads", keys: ControllerID = "keys"
        #expect(FeedbackLights.controller(lightsOn: true, inUse: pads, connected: [pads, keys]) == pads)
        #expect(FeedbackLights.controller(lightsOn: false, inUse: pads, connected: [pads]) == nil)
        #expect(FeedbackLights.controller(lightsOn: true, inUse: pads, connected: [keys]) == nil)
        #expect(FeedbackLights.controller(lightsOn: true, inUse: nil, connected: [keys]) == nil)
    }

    @Test("at a stop, training ends before the lights, the output drains before it closes, the history closes last")
    func shutdownOrder() throws {
        let order = BoxPart.shutdownOrder
        func position(_ part: BoxPart) throws -> Int { try #require(order.firstIndex(of: part)) }
        #expect(order.first == .stop && order.last == .history)
        #expect(try position(.practice) < position(.controllers))
        #expect(try position(.practice) < position(.audioOutput))
        #expect(try position(.status) < position(.terminal))
        #expect(Set(order) == Set(BoxPart.allCases) && order.count == BoxPart.allCases.count)
    }
}
