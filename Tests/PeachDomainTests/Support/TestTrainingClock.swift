import Foundation
import PeachDomain

/// A clock that only moves when the test says so. `advance(by:)` runs every timer that falls due,
/// in order, at its due time, including timers those actions schedule.
@MainActor
final class TestTrainingClock: TrainingClock {
    static let startDate = Date(timeIntervalSince1970: 1_800_000_000)

    private(set) var elapsed: Duration = .zero
    private var pending: [(id: Int, due: Duration, action: @MainActor () -> Void)] = []
    private var nextID = 0

    var now: Date { Self.startDate.addingTimeInterval(elapsed.seconds) }

    var pendingTimerCount: Int { pending.count }

    func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> any ScheduledTimer {
        nextID += 1
        pending.append((nextID, elapsed + delay, action))
        return Timer(clock: self, id: nextID)
    }

    func advance(by duration: Duration) {
        let target = elapsed + duration
        while let next = pending.filter({ $0.due <= target }).min(by: { ($0.due, $0.id) < ($1.due, $1.id) }) {
            pending.removeAll { $0.id == next.id }
            elapsed = next.due
            next.action()
        }
        elapsed = target
    }

    func advance(seconds: Double) { advance(by: .milliseconds(Int64((seconds * 1000).rounded()))) }

    fileprivate func cancel(_ id: Int) { pending.removeAll { $0.id == id } }

    private final class Timer: ScheduledTimer {
        weak var clock: TestTrainingClock?
        let id: Int
        init(clock: TestTrainingClock, id: Int) {
            self.clock = clock
            self.id = id
        }
        func cancel() { clock?.cancel(id) }
    }
}

extension Duration {
    var seconds: Double {
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) / 1e18
    }
}
