import Atomics

/// The short way from the tuning control to a sounding note: per voice slot the newest
/// ratio that the input thread asked for, read by the render thread at its next period, without
/// the main actor in between.
///
/// Each slot is a sequence lock: a writer makes the count odd, writes, makes it even again; the
/// render thread reads the count, the values and the count once more, and keeps the values only if
/// the count was even and unchanged (else it reads again at the next period). Neither side waits
/// for the other; writers (one input thread, in practice) wait only for each other. Moves carry the
/// time their event was read, so a move the main actor forwards late (`NoteSlotCommand.retune`) never
/// undoes a newer one that came this way.
final class TuningMailbox: Sendable {
    private let sequences: [ManagedAtomic<UInt64>]
    private let generations: [ManagedAtomic<UInt32>]
    private let ratios: [ManagedAtomic<UInt64>]
    private let times: [ManagedAtomic<UInt64>]
    /// Moves posted so far in any slot: the render thread looks at the slots only when it grew.
    private let posted = ManagedAtomic<UInt64>(0)

    struct Move {
        var generation: UInt32
        var ratio: Double
        var causedAt: UInt64
    }

    init(slots: Int) {
        sequences = (0..<slots).map { _ in ManagedAtomic<UInt64>(0) }
        generations = (0..<slots).map { _ in ManagedAtomic<UInt32>(0) }
        ratios = (0..<slots).map { _ in ManagedAtomic<UInt64>(0) }
        times = (0..<slots).map { _ in ManagedAtomic<UInt64>(0) }
    }

    /// Any thread: the note of `generation` in `slot` should sound at `ratio`. Lock-free, no allocation.
    func post(slot: Int, _ move: Move) {
        var sequence = sequences[slot].load(ordering: .relaxed)
        while true {
            if sequence & 1 == 0 {
                let (exchanged, original) = sequences[slot].weakCompareExchange(
                    expected: sequence, desired: sequence &+ 1, ordering: .acquiring)
                if exchanged { break }
                sequence = original
            } else {
                sequence = sequences[slot].load(ordering: .relaxed)
            }
        }
        atomicMemoryFence(ordering: .releasing)
        generations[slot].store(move.generation, ordering: .relaxed)
        ratios[slot].store(move.ratio.bitPattern, ordering: .relaxed)
        times[slot].store(move.causedAt, ordering: .relaxed)
        sequences[slot].store(sequence &+ 2, ordering: .releasing)
        posted.wrappingIncrement(ordering: .releasing)
    }

    /// Render thread: whether any move was posted since `seen` (updated); one load per period.
    func anyPosted(since seen: inout UInt64) -> Bool {
        let now = posted.load(ordering: .acquiring)
        guard now != seen else { return false }
        seen = now
        return true
    }

    /// Render thread: the newest move of `slot` if it is newer than `seen` (updated), else nil.
    func take(slot: Int, seen: inout UInt64) -> Move? {
        let before = sequences[slot].load(ordering: .acquiring)
        guard before != seen, before & 1 == 0 else { return nil }
        let move = Move(generation: generations[slot].load(ordering: .relaxed),
                        ratio: Double(bitPattern: ratios[slot].load(ordering: .relaxed)),
                        causedAt: times[slot].load(ordering: .relaxed))
        atomicMemoryFence(ordering: .acquiring)
        guard sequences[slot].load(ordering: .relaxed) == before else { return nil }
        seen = before
        return move
    }
}
