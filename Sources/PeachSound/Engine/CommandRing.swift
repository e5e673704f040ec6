import Atomics

/// A fixed-capacity lock-free ring for exactly one producer thread and one consumer thread. Push and
/// pop never allocate, lock or wait; a full ring refuses the push.
final class CommandRing<Element: BitwiseCopyable>: @unchecked Sendable {
    private let buffer: UnsafeMutablePointer<Element>
    private let mask: Int
    /// Next slot to read; written only by the consumer.
    private let head = ManagedAtomic<Int>(0)
    /// Next slot to write; written only by the producer.
    private let tail = ManagedAtomic<Int>(0)

    /// `capacity` is rounded up to a power of two.
    init(capacity: Int) {
        var size = 1
        while size < capacity { size <<= 1 }
        buffer = .allocate(capacity: size)
        mask = size - 1
    }

    deinit { buffer.deallocate() }

    var capacity: Int { mask + 1 }

    /// Producer side. False when the ring is full.
    func push(_ element: Element) -> Bool {
        let t = tail.load(ordering: .relaxed)
        let h = head.load(ordering: .acquiring)
        guard t &- h < capacity else { return false }
        (buffer + (t & mask)).initialize(to: element)
        tail.store(t &+ 1, ordering: .releasing)
        return true
    }

    /// Consumer side. Nil when the ring is empty.
    func pop() -> Element? {
        let h = head.load(ordering: .relaxed)
        let t = tail.load(ordering: .acquiring)
        guard h != t else { return nil }
        let element = buffer[h & mask]
        head.store(h &+ 1, ordering: .releasing)
        return element
    }
}
