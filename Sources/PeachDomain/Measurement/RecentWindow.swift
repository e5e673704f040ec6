/// The last `capacity` elements appended, oldest first.
struct RecentWindow<Element: Sendable>: Sendable {
    let capacity: Int
    private var storage: [Element] = []
    private var start = 0

    init(capacity: Int) { self.capacity = capacity }

    mutating func append(_ element: Element) {
        if storage.count < capacity {
            storage.append(element)
        } else {
            storage[start] = element
            start = (start + 1) % capacity
        }
    }

    var elements: [Element] { Array(storage[start...] + storage[..<start]) }
}
