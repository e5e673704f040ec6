import Foundation
import PeachText

/// Real-time scheduling for the audio thread, as FluidSynth does it: SCHED_FIFO at a configured
/// priority, and a quiet fallback to normal scheduling when the system refuses (no CAP_SYS_NICE
/// and no RLIMIT_RTPRIO, as for a user outside systemd's `LimitRTPRIO`).
public enum RealtimeScheduling {
    public enum Outcome: Hashable, Sendable, CustomStringConvertible {
        /// Running SCHED_FIFO at this priority.
        case realtime(priority: Int32)
        /// Asked for and refused: normal scheduling, with the system's reason.
        case refused(priority: Int32, reason: String)
        /// Not asked for (priority 0 in the configuration).
        case off

        public func text(_ texts: Texts) -> String {
            switch self {
            case .realtime(let priority): texts.text(.schedulingRealtime, "\(priority)")
            case .refused(let priority, let reason): texts.text(.schedulingRefused, "\(priority)", SystemWords.text(reason, texts))
            case .off: texts.text(.schedulingOff)
            }
        }

        public var description: String { text(.english) }
    }

    /// Puts the calling thread on SCHED_FIFO at `priority` (1–99); 0 leaves it alone.
    public static func promoteCurrentThread(priority: Int32) -> Outcome {
        guard priority != 0 else { return .off }
        var parameters = sched_param()
        parameters.sched_priority = priority
        let result = pthread_setschedparam(pthread_self(), SCHED_FIFO, &parameters)
        guard result == 0 else { return .refused(priority: priority, reason: String(cString: strerror(result))) }
        return .realtime(priority: priority)
    }

    /// Whether this process may use real-time scheduling at all (a real-time priority limit above 0,
    /// or the capability that lifts it, as root has).
    public static var mayPromote: Bool {
        let probe = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var allowed = false
        let thread = Thread {
            allowed = promoteCurrentThread(priority: 1) == .realtime(priority: 1)
            probe.signal()
        }
        thread.start()
        probe.wait()
        return allowed
    }

    /// The calling thread's scheduling policy and priority.
    public static func currentThread() -> (policy: Int32, priority: Int32) {
        var policy: Int32 = 0
        var parameters = sched_param()
        pthread_getschedparam(pthread_self(), &policy, &parameters)
        return (policy, parameters.sched_priority)
    }

    /// Locks the memory the process uses now (the warmed render path's code, the loaded SoundFont,
    /// the render buffers) so the render path never waits for a page to be read back in; nil when
    /// locked, else why not. Call after the engine is built and the render path warmed.
    ///
    /// `MCL_ONFAULT`: the pages already in memory are locked, the rest of each mapping as it is first
    /// touched; nothing is read in for the lock. Plain `MCL_CURRENT` faulted in every mapping whole
    /// (the program's 130 MB image, every library, each thread's 8 MB stack): 178 MB resident for a
    /// box that uses 30. Not MCL_FUTURE: under a small RLIMIT_MEMLOCK later allocations would then
    /// fail instead of merely not being locked.
    ///
    /// The heap's free pages go back to the system first (`malloc_trim`): the start-up's
    /// temporaries (the offline note level, prompt synthesis, the history read) would otherwise be
    /// locked with the rest and stay resident for as long as the box runs.
    public static func lockMemory() -> String? {
        releaseFreeHeapPages()
        return mlockall(MCL_CURRENT | MCL_ONFAULT) == 0 ? nil : String(cString: strerror(errno))
    }

    /// glibc's `malloc_trim(0)`, looked up at run time: Swift's Glibc module does not declare it, and
    /// another C library simply keeps its pages.
    private static func releaseFreeHeapPages() {
        typealias Trim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
    }
}
