import Atomics
import Foundation

/// Which output frame the listener hears at a CLOCK_MONOTONIC instant, as the output measured it:
/// after each write, the frames rendered minus the device's delay (the frames still in its buffer),
/// at the monotonic time the device's pointer got there (`ALSAPCMOutput.measureDelay`). So times on
/// it include the whole buffer, whatever its size.
///
/// It keeps the last `capacity` measurements, and an instant between two of them is placed between
/// their frames: a tap is mapped by the clock as it ran when the tap was made, though it reaches the
/// trainer later (a chord window, a busy main actor), and however far the device's own rate is from
/// 48 kHz. Beyond the measurements a frame is reckoned at the nominal rate from the nearest.
/// Written by the output thread only (a sequence lock: the writer never waits), read by any.
public final class AudioClock: Sendable {
    /// At 128-frame periods, the last 0.7 s; at 512, 2.7 s.
    static let capacity = 256

    private let sequence = ManagedAtomic<UInt64>(0)
    /// Measurements written so far; the newest is at (count − 1) % capacity.
    private let count = ManagedAtomic<Int>(0)
    private let stamps: [ManagedAtomic<UInt64>]
    private let frames: [ManagedAtomic<Int64>]

    public init() {
        stamps = (0..<Self.capacity).map { _ in ManagedAtomic<UInt64>(0) }
        frames = (0..<Self.capacity).map { _ in ManagedAtomic<Int64>(0) }
    }

    /// The output thread, after a write: `rendered` frames so far, `delay` of them not yet heard, as
    /// of monotonic `nanoseconds`. One no later than the newest is left out (a pointer that has not
    /// moved since says nothing new), so the measurements kept go forward in time.
    public func measured(rendered: Int64, delay: Int64, at nanoseconds: UInt64) {
        let written = count.load(ordering: .relaxed)
        guard written == 0 || nanoseconds > stamps[(written - 1) % Self.capacity].load(ordering: .relaxed) else { return }
        let slot = written % Self.capacity
        sequence.wrappingIncrement(ordering: .acquiringAndReleasing)
        stamps[slot].store(nanoseconds, ordering: .releasing)
        frames[slot].store(rendered - delay, ordering: .releasing)
        count.store(written + 1, ordering: .releasing)
        sequence.wrappingIncrement(ordering: .acquiringAndReleasing)
    }

    /// The output frame (fractional) heard at monotonic `nanoseconds`; nil before the first measurement.
    public func heardFrame(atMonotonic nanoseconds: UInt64) -> Double? {
        while true {
            let before = sequence.load(ordering: .acquiring)
            guard before & 1 == 0 else { continue }
            let frame = frame(at: nanoseconds)
            guard sequence.load(ordering: .acquiring) == before else { continue }
            return frame
        }
    }

    /// `heardFrame` within one reading of the sequence.
    private func frame(at nanoseconds: UInt64) -> Double? {
        let written = count.load(ordering: .acquiring)
        guard written > 0 else { return nil }
        let kept = min(written, Self.capacity)
        func mark(_ age: Int) -> (time: UInt64, frame: Int64) {
            let slot = (written - 1 - age) % Self.capacity
            return (stamps[slot].load(ordering: .acquiring), frames[slot].load(ordering: .acquiring))
        }
        // The newest measurement at or before the instant, and the one after it.
        var age = 0
        var later: (time: UInt64, frame: Int64)?
        var earlier = mark(0)
        while earlier.time > nanoseconds, age + 1 < kept {
            later = earlier
            age += 1
            earlier = mark(age)
        }
        if let later, earlier.time <= nanoseconds, later.time > earlier.time {
            let share = Double(nanoseconds - earlier.time) / Double(later.time - earlier.time)
            return Double(earlier.frame) + share * Double(later.frame - earlier.frame)
        }
        let elapsed = Double(Int64(bitPattern: nanoseconds &- earlier.time)) / 1e9
        return Double(earlier.frame) + elapsed * NoteSlotRenderer.sampleRate
    }

    /// CLOCK_MONOTONIC now, in nanoseconds (the clock the input thread stamps events with).
    public static func monotonicNow() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
