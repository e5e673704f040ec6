import Foundation

/// A clock that only moves when told to: for tests, benchmarks and offline rendering.
/// `advance(by:)` runs every timer that falls due, in order and at its due time, including timers
/// that those actions schedule.
@MainActor
public final class ManualTrainingClock: TrainingClock {
    public let startDate: Date
    public private(set) var elapsed: Duration = .zero
    private var pending: [(id: Int, due: Duration, action: @MainActor () -> Void)] = []
    private var nextID = 0

    public init(startDate: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        self.startDate = startDate
    }

    public var now: Date { startDate.addingTimeInterval(elapsed.seconds) }

    public var pendingTimerCount: Int { pending.count }

    public func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> any ScheduledTimer {
        nextID += 1
        pending.append((nextID, elapsed + delay, action))
        return Timer(clock: self, id: nextID)
    }

    public func advance(by duration: Duration) {
        let target = elapsed + duration
        while let next = pending.filter({ $0.due <= target }).min(by: { ($0.due, $0.id) < ($1.due, $1.id) }) {
            pending.removeAll { $0.id == next.id }
            elapsed = next.due
            next.action()
        }
        elapsed = target
    }

    /// Moves to the earliest pending timer and runs it (and any due with it); false when none is pending.
    @discardableResult
    public func advanceToNextTimer() -> Bool {
        guard let next = pending.min(by: { ($0.due, $0.id) < ($1.due, $1.id) }) else { return false }
        advance(by: next.due - elapsed)
        return true
    }

    public func advance(seconds: Double) { advance(by: .milliseconds(Int64((seconds * 1000).rounded()))) }

    fileprivate func cancel(_ id: Int) { pending.removeAll { $0.id == id } }

    private final class Timer: ScheduledTimer {
        weak var clock: ManualTrainingClock?
        let id: Int
        init(clock: ManualTrainingClock, id: Int) {
            self.clock = clock
            self.id = id
        }
        func cancel() { clock?.cancel(id) }
    }
}

extension Duration {
    /// The duration in seconds as a floating-point number.
    public var seconds: Double {
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) / 1e18
    }
}
