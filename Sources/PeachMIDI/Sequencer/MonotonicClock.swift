import Glibc

/// CLOCK_MONOTONIC in nanoseconds: the arrival stamp of every input event, taken on the input
/// thread. No allocation, no lock.
@inline(__always)
public func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
}
