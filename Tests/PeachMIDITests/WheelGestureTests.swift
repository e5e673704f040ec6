import Testing
@testable import PeachMIDI

/// Runs a trace through a release detector; returns every non-empty output.
func replay(_ events: [(time: UInt64, value: Int16)], settings: WheelSettings = WheelSettings()) -> [WheelReleaseDetector.Output] {
    var detector = WheelReleaseDetector(settings: settings)
    return events.map { detector.handle(position: WheelPosition.normalized(pitchBend: $0.value), at: $0.time) }.filter { $0 != .none }
}

func commits(_ outputs: [WheelReleaseDetector.Output]) -> [Double] {
    outputs.compactMap { if case let .commit(held) = $0 { held } else { nil } }
}

/// The tuning value a raw pitch bend held on the wheel should commit.
func expectedHeld(_ raw: Int16, settings: WheelSettings = WheelSettings()) -> Double {
    WheelPosition.outsideNeutralZone(WheelPosition.normalized(pitchBend: raw), neutralZone: settings.neutralZone)
}

@Suite("Pitch wheel release detection")
struct WheelReleaseDetectorTests {
    @Test("a fast release commits the held value, not the centre")
    func fastRelease() {
        let outputs = replay([(ms(0), 0), (ms(10), 2000), (ms(20), 4000), (ms(500), 4000),
                              (ms(1200), 3000), (ms(1205), 1500), (ms(1210), 400), (ms(1214), 0)])
        #expect(commits(outputs) == [expectedHeld(4000)])
        #expect(outputs.first == .adjust(expectedHeld(2000)))
    }

    @Test("a jump to centre in one event after holding commits the held value")
    func singleEventSnap() {
        let outputs = replay([(ms(0), -5000), (ms(2000), 0)])
        #expect(outputs == [.adjust(expectedHeld(-5000)), .commit(held: expectedHeld(-5000))])
    }

    @Test("a slow return to centre tunes to centre and commits nothing")
    func slowReturn() {
        var events: [(UInt64, Int16)] = [(ms(0), 4000)]
        for step in 1...100 { events.append((ms(300 + Double(step) * 5), Int16(4000 - step * 40))) }  // 0.5 s back
        let outputs = replay(events)
        #expect(commits(outputs).isEmpty)
        #expect(outputs.last == .adjust(0))
    }

    @Test("jitter near the centre starts nothing")
    func jitterAtRest() {
        let outputs = replay((0..<200).map { (ms(Double($0) * 3), Int16($0 % 2 == 0 ? 120 : -150)) })
        #expect(outputs.isEmpty)
    }

    @Test("7-bit steps: a held step is committed exactly, and full travel reaches +1")
    func sevenBit() {
        let outputs = replay([(ms(0), 1024), (ms(5), 2048), (ms(9), 3072), (ms(400), 1920), (ms(406), 640), (ms(411), 0)])
        #expect(commits(outputs) == [expectedHeld(3072)])
        #expect(WheelPosition.normalized(pitchBend: 8064) == 1)
        #expect(WheelPosition.normalized(pitchBend: 8191) == 1)
        #expect(WheelPosition.normalized(pitchBend: -8192) == -1)
    }

    @Test("a configurable neutral zone: a wider zone ignores wider jitter")
    func neutralZone() {
        let wide = WheelSettings(neutralZone: 0.1)
        #expect(replay([(ms(0), 700), (ms(5), -700), (ms(10), 600)], settings: wide).isEmpty)
        #expect(!replay([(ms(0), 700), (ms(5), -700), (ms(10), 600)]).isEmpty)
    }

    @Test("a spring overshoot across the centre is the release; its bounce starts nothing")
    func overshoot() {
        let outputs = replay([(ms(0), 6000), (ms(600), 3000), (ms(604), 200), (ms(606), -700), (ms(612), -300), (ms(620), 0)])
        #expect(outputs.last == .commit(held: expectedHeld(6000)))
        #expect(commits(outputs).count == 1)
    }

    @Test("after a release the next movement starts a new tuning gesture")
    func again() {
        let outputs = replay([(ms(0), 4000), (ms(500), 0), (ms(2000), -2000), (ms(2600), -2000), (ms(2620), 0)])
        #expect(commits(outputs) == [expectedHeld(4000), expectedHeld(-2000)])
    }

    // Traces made by Fixtures/make-wheel-traces.py (a spring-wheel model: see its header).
    @Test("trace: release after a hold with drift, 14-bit")
    func traceRelease() throws {
        let outputs = replay(try Fixtures.trace("release-14bit.txt"))
        let held = commits(outputs)
        #expect(held.count == 1)
        #expect(abs((held.first ?? 0) - expectedHeld(4900)) < 0.001)
    }

    @Test("trace: slow return, 14-bit")
    func traceSlowReturn() throws {
        let outputs = replay(try Fixtures.trace("slow-return-14bit.txt"))
        #expect(commits(outputs).isEmpty)
        #expect(outputs.last == .adjust(0))
    }

    @Test("trace: release, 7-bit")
    func traceSevenBit() throws {
        #expect(commits(replay(try Fixtures.trace("release-7bit.txt"))) == [expectedHeld(4096)])
    }

    @Test("trace: let go at the top of a movement, without a pause")
    func traceReleaseWhileMoving() throws {
        let held = commits(replay(try Fixtures.trace("release-while-moving-14bit.txt")))
        #expect(held.count == 1)
        #expect(abs((held.first ?? 0) - expectedHeld(6500)) < 0.01)
    }

    @Test("trace: a slow approach, then let go on the way")
    func traceSlowApproachThenRelease() throws {
        let held = commits(replay(try Fixtures.trace("slow-approach-then-release-14bit.txt")))
        #expect(held.count == 1)
        #expect(abs((held.first ?? 0) - expectedHeld(2800)) < 0.01)
    }

    @Test("trace: jitter at rest")
    func traceJitter() throws {
        #expect(replay(try Fixtures.trace("jitter-at-rest-14bit.txt")).isEmpty)
    }
}

@Suite("Pitch wheel flicks")
struct WheelFlickDetectorTests {
    func flicks(_ values: [Int16]) -> [Bool] {
        var detector = WheelFlickDetector()
        return values.compactMap { detector.handle(position: WheelPosition.normalized(pitchBend: $0)) }
    }

    @Test("a flick up answers higher once, a flick down lower once")
    func upAndDown() {
        #expect(flicks([0, 2000, 5000, 8191, 8191, 3000, 0, -3000, -6000, -8192, -2000, 0]) == [true, false])
    }

    @Test("holding the wheel past the threshold or wobbling there answers once")
    func holdAnswersOnce() {
        #expect(flicks([0, 6000, 3000, 6000, 3000, 7000]) == [true])
    }

    @Test("a small push or jitter near the centre never answers")
    func smallMovements() {
        #expect(flicks([0, 100, -100, 2000, -2000, 3500, 0]).isEmpty)
    }

    @Test("a swing from up straight to down without passing the centre zone answers once")
    func swing() {
        #expect(flicks([0, 7000, -7000]) == [true])
    }

    @Test("the trace of a release is one flick up")
    func traceAsFlick() throws {
        #expect(flicks(try Fixtures.trace("release-14bit.txt").map(\.value)) == [true])
    }
}
