import Foundation

/// Wall-clock time and timers for the sessions. Injected so that tests drive time themselves.
@MainActor
public protocol TrainingClock: AnyObject {
    /// The timestamp recorded with an answer.
    var now: Date { get }

    /// Runs `action` on the main actor after `delay`, unless the returned timer is cancelled first.
    func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> any ScheduledTimer
}

@MainActor
public protocol ScheduledTimer: AnyObject {
    func cancel()
}

/// The production clock: `Date()` for timestamps, a continuous (monotonic) clock for timers.
@MainActor
public final class SystemTrainingClock: TrainingClock {
    public init() {}

    public var now: Date { Date() }

    public func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> any ScheduledTimer {
        let task = Task { @MainActor in
            do {
                try await Task.sleep(for: delay, clock: .continuous)
            } catch {
                return
            }
            // The wake-up may have been queued before `cancel()` ran; both run on the main actor,
            // so checking here is race-free.
            guard !Task.isCancelled else { return }
            action()
        }
        return TaskTimer(task: task)
    }

    private final class TaskTimer: ScheduledTimer {
        let task: Task<Void, Never>
        init(task: Task<Void, Never>) { self.task = task }
        func cancel() { task.cancel() }
    }
}
