import Testing
@testable import PeachDomain

@Suite("Manual training clock")
@MainActor
struct ManualTrainingClockTests {
    @Test("timers fire in due order at their due time, including ones scheduled while advancing")
    func ordering() {
        let clock = ManualTrainingClock()
        var fired: [(String, Duration)] = []
        _ = clock.schedule(after: .seconds(2)) { fired.append(("b", clock.elapsed)) }
        _ = clock.schedule(after: .seconds(1)) {
            fired.append(("a", clock.elapsed))
            _ = clock.schedule(after: .milliseconds(500)) { fired.append(("nested", clock.elapsed)) }
        }
        _ = clock.schedule(after: .seconds(2)) { fired.append(("c", clock.elapsed)) }
        clock.advance(by: .seconds(3))
        #expect(fired.map(\.0) == ["a", "nested", "b", "c"])
        #expect(fired.map(\.1) == [.seconds(1), .milliseconds(1500), .seconds(2), .seconds(2)])
        #expect(clock.elapsed == .seconds(3))
        #expect(clock.now == clock.startDate.addingTimeInterval(3))
    }

    @Test("a cancelled timer never fires; a timer not yet due waits")
    func cancelAndWait() {
        let clock = ManualTrainingClock()
        var fired = 0
        let timer = clock.schedule(after: .seconds(1)) { fired += 1 }
        _ = clock.schedule(after: .seconds(5)) { fired += 10 }
        timer.cancel()
        clock.advance(by: .seconds(4))
        #expect(fired == 0)
        #expect(clock.pendingTimerCount == 1)
        clock.advance(by: .seconds(1))
        #expect(fired == 10)
    }
}
