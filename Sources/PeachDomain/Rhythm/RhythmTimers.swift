/// The one pending step of a rhythm trainer, and the count of its runs: a timer from a stopped run,
/// or one replaced by a newer, does nothing even if its wake-up was already queued.
@MainActor
final class RhythmTimers {
    private let clock: any TrainingClock
    private var timer: (any ScheduledTimer)?
    private var token = 0
    private(set) var run = 0

    init(clock: any TrainingClock) {
        self.clock = clock
    }

    func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) {
        cancel()
        let expected = token
        timer = clock.schedule(after: delay) { [weak self] in
            guard let self, token == expected else { return }
            timer = nil
            action()
        }
    }

    func cancel() {
        token &+= 1
        timer?.cancel()
        timer = nil
    }

    func stopRun() {
        run &+= 1
        cancel()
    }
}
