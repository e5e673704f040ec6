/// A YAML mapping read as located `key: value` entries, in file order.
public struct YAMLMapping: Sendable {
    public struct Entry: Sendable {
        public let key: String
        /// The key itself, for errors about the key ("unknown key").
        public let keyNode: YAMLNode
        public let value: YAMLNode
    }

    /// The mapping node, for errors about the whole mapping ("missing key").
    public let node: YAMLNode
    public let entries: [Entry]

    public var keys: [String] { entries.map(\.key) }

    public subscript(key: String) -> YAMLNode? {
        entries.first { $0.key == key }?.value
    }

    /// The value of a key that must be there.
    public func required(_ key: String) throws(YAMLError) -> YAMLNode {
        guard let value = self[key] else { throw node.error(.missingKey(key)) }
        return value
    }

    /// The value of an optional key, nil when absent or explicitly null.
    public func optional(_ key: String) -> YAMLNode? {
        guard let value = self[key], !value.isNull else { return nil }
        return value
    }

    /// One error per key not in `allowed`, at the key, with the closest allowed key as a hint
    /// (typos are the usual cause).
    public func unknownKeys(allowed: [String]) -> [YAMLError] {
        entries.filter { !allowed.contains($0.key) }.map { entry in
            let hint = allowed.min(by: { editDistance($0, entry.key) < editDistance($1, entry.key) })
                .flatMap { editDistance($0, entry.key) <= max(2, entry.key.count / 3) ? $0 : nil }
            return YAMLError(file: entry.keyNode.file, line: entry.keyNode.node.mark?.line,
                             column: entry.keyNode.node.mark?.column,
                             problem: .unknownKey(entry.key, suggestion: hint, allowed: allowed))
        }
    }

    /// Throws the first unknown key (see `unknownKeys(allowed:)`).
    public func rejectUnknownKeys(allowed: [String]) throws(YAMLError) {
        if let first = unknownKeys(allowed: allowed).first { throw first }
    }
}

/// Levenshtein distance, for "did you mean" hints on short keys.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.lowercased()), b = Array(b.lowercased())
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
