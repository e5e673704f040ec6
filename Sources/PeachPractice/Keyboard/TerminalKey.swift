/// A key as a terminal in raw mode reports it.
public enum TerminalKey: Hashable, Sendable {
    case character(Character)
    case up, down, left, right
    /// Shift+arrow (xterm's `ESC [ 1 ; 2 C` and friends).
    case shiftLeft, shiftRight
    case enter
    case escape
}

/// Turns the bytes of a raw-mode terminal into keys. Escape sequences may arrive split across reads,
/// so an incomplete sequence waits for the next bytes; unknown sequences are dropped whole.
public struct TerminalKeyDecoder: Sendable {
    private var pending: [UInt8] = []

    public init() {}

    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [TerminalKey] {
        pending.append(contentsOf: bytes)
        var keys: [TerminalKey] = []
        while let first = pending.first {
            if first == 0x1B {
                guard let (key, length) = escapeSequence() else { break }
                pending.removeFirst(length)
                if let key { keys.append(key) }
                continue
            }
            pending.removeFirst()
            switch first {
            case 0x0D, 0x0A: keys.append(.enter)
            case 0x20...0x7E: keys.append(.character(Character(UnicodeScalar(first))))
            default: break  // other control bytes and non-ASCII: not ours
            }
        }
        return keys
    }

    /// Tells the decoder no more bytes came for a while: a lone ESC is the Escape key.
    public mutating func flush() -> [TerminalKey] {
        defer { pending.removeAll() }
        return pending == [0x1B] ? [.escape] : []
    }

    /// nil: incomplete, wait. Otherwise the key (nil for an unknown sequence) and the bytes it used.
    private func escapeSequence() -> (TerminalKey?, Int)? {
        guard pending.count >= 2 else { return nil }
        guard pending[1] == UInt8(ascii: "[") || pending[1] == UInt8(ascii: "O") else { return (.escape, 1) }
        // CSI: parameters and intermediates up to a final byte in 0x40...0x7E.
        var index = 2
        while index < pending.count, !(0x40...0x7E).contains(pending[index]) { index += 1 }
        guard index < pending.count else { return nil }
        let parameters = String(decoding: pending[2..<index], as: UTF8.self)
        let shifted = parameters.hasSuffix(";2")
        let key: TerminalKey? = switch pending[index] {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): shifted ? .shiftRight : .right
        case UInt8(ascii: "D"): shifted ? .shiftLeft : .left
        default: nil
        }
        return (key, index + 1)
    }
}
