import Atomics
import Foundation

/// Which output frame the listener hears at a CLOCK_MONOTONIC instant, as the output last measured
/// it: after each write, the frames rendered minus the device's delay (the frames still in its
/// buffer), at the monotonic time the device's pointer got there (`ALSAPCMOutput.measureDelay`).
/// So times on it include the whole buffer, whatever its size. Written by the output thread only (a sequence lock: the writer never waits), read by any.
public final class AudioClock: Sendable {
    private let sequence = ManagedAtomic<UInt64>(0)
    private let stampNs = ManagedAtomic<UInt64>(0)
    private let heardFrame = ManagedAtomic<Int64>(0)

    public init() {}

    /// The output thread, after a write: `rendered` frames so far, `delay` of them not yet heard.
    public func measured(rendered: Int64, delay: Int64, at nanoseconds: UInt64) {
        sequence.wrappingIncrement(ordering: .acquiringAndReleasing)
        stampNs.store(nanoseconds, ordering: .releasing)
        heardFrame.store(rendered - delay, ordering: .releasing)
        sequence.wrappingIncrement(ordering: .acquiringAndReleasing)
    }

    /// The output frame (fractional) heard at monotonic `nanoseconds`; nil before the first measurement.
    public func heardFrame(atMonotonic nanoseconds: UInt64) -> Double? {
        while true {
            let before = sequence.load(ordering: .acquiring)
            guard before & 1 == 0 else { continue }
            let stamp = stampNs.load(ordering: .acquiring)
            let frame = heardFrame.load(ordering: .acquiring)
            guard sequence.load(ordering: .acquiring) == before else { continue }
            guard before > 0 else { return nil }
            let elapsed = Double(Int64(bitPattern: nanoseconds &- stamp)) / 1e9
            return Double(frame) + elapsed * NoteSlotRenderer.sampleRate
        }
    }

    /// CLOCK_MONOTONIC now, in nanoseconds (the clock the input thread stamps events with).
    public static func monotonicNow() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
