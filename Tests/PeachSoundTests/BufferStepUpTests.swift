import Testing
@testable import PeachSound

@Suite("Buffer step-up after repeated underruns")
struct BufferStepUpTests {
    @Test("the steps: a third period first, then doubling the period, up to 8192 frames")
    func steps() {
        var step: (periodFrames: Int, periods: Int)? = (128, 2)
        var seen: [String] = []
        while let current = step {
            seen.append("\(current.periodFrames)×\(current.periods)")
            step = BufferStepUp.next(periodFrames: current.periodFrames, periods: current.periods)
        }
        #expect(seen == ["128×2", "128×3", "256×3", "512×3", "1024×3", "2048×3", "4096×3", "8192×3"])
        #expect(BufferStepUp.next(periodFrames: 64, periods: 4)! == (128, 4))
    }

    @Test("four underruns within 2 s step up; then not again for 2 s; scattered ones never")
    func window() {
        let start = ContinuousClock.now
        func at(_ ms: Int) -> ContinuousClock.Instant { start + .milliseconds(ms) }
        var watch = BufferStepUp()
        let first = [0, 900, 1800, 1900].map { watch.underrun(at: at($0)) }
        #expect(first == [false, false, false, true])                    // the 4th within 2 s steps up
        let soon = [2000, 2100, 2200, 2300].map { watch.underrun(at: at($0)) }
        #expect(soon == [false, false, false, false])                    // too soon after a step
        let again = watch.underrun(at: at(4000))
        #expect(again)                                                   // 4 in 2 s again, 2.1 s after the step
        var scattered = BufferStepUp()
        let spread = (0..<20).map { scattered.underrun(at: at($0 * 700)) }
        #expect(!spread.contains(true))                                  // any 4 span 2.1 s
    }

    @Test("underruns less than 100 ms apart are one stall: a burst of them never steps up, a stall that goes on does")
    func bursts() {
        let start = ContinuousClock.now
        func at(_ ms: Int) -> ContinuousClock.Instant { start + .milliseconds(ms) }
        var afterStart = BufferStepUp()
        let burst = [10, 22, 33, 45, 57, 69, 81, 93].map { afterStart.underrun(at: at($0)) }
        #expect(!burst.contains(true))                                   // a start's 8 in 83 ms: one stall
        let nextStall = [1200, 1212, 1224].map { afterStart.underrun(at: at($0)) }
        #expect(!nextStall.contains(true))                               // two stalls, not four underruns
        var cannotKeepUp = BufferStepUp()
        let steady = (0..<40).map { cannotKeepUp.underrun(at: at($0 * 12)) }
        #expect(steady.firstIndex(of: true) == 27)                       // one every 12 ms: at 324 ms, the 4th 100 ms apart
    }

    @Test("a device failing within 2 s of a step takes the next step at once; a failure without a recent step does not")
    func failureAfterStep() {
        let start = ContinuousClock.now
        func at(_ ms: Int) -> ContinuousClock.Instant { start + .milliseconds(ms) }
        var watch = BufferStepUp()
        let beforeAnyStep = watch.failure(at: at(0))
        let underruns = [100, 200, 300, 400].map { watch.underrun(at: at($0)) }
        let soonAfterStep = watch.failure(at: at(900))
        let soonAfterThat = watch.failure(at: at(2500))
        let later = watch.failure(at: at(4600))
        let underrunAfter = watch.underrun(at: at(4700))
        #expect(!beforeAnyStep)                                          // no step yet: an ordinary failure
        #expect(underruns == [false, false, false, true])
        #expect(soonAfterStep)                                           // 0.5 s after the step: the next one
        #expect(soonAfterThat)                                           // 1.6 s after that step: again
        #expect(!later)                                                  // 2.1 s after the last step: not
        #expect(!underrunAfter)                                          // and underruns count afresh
    }

    @Test("a device failing soon after each of two opens in a row takes the next step; one settling, or one that lasted in between, does not")
    func failingSoonAfterOpening() {
        let start = ContinuousClock.now
        func at(_ ms: Int) -> ContinuousClock.Instant { start + .milliseconds(ms) }
        var refusing = BufferStepUp()
        refusing.opened(at: at(0))
        let firstOpen = refusing.failure(at: at(100))
        refusing.opened(at: at(600))
        let secondOpen = refusing.failure(at: at(700))
        #expect(!firstOpen)                                              // once: retried at the same buffer
        #expect(secondOpen)                                              // twice in a row: the next buffer
        let afterStep = refusing.failure(at: at(3000))
        #expect(!afterStep)                                              // counted afresh after the step
        var settling = BufferStepUp()
        settling.opened(at: at(0))
        let first = settling.failure(at: at(100))
        settling.opened(at: at(600))
        let lasted = settling.failure(at: at(60_000))                    // it played for a minute
        settling.opened(at: at(60_500))
        let thenOnce = settling.failure(at: at(60_600))
        #expect(!first && !lasted && !thenOnce)
        var unopened = BufferStepUp()
        let neverOpened = [0, 500, 1000].map { unopened.failure(at: at($0)) }
        #expect(!neverOpened.contains(true))                             // only opens count
    }
}
