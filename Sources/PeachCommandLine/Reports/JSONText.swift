import Foundation

/// JSON written the way `JSONSerialization` writes it with `.prettyPrinted` and `.sortedKeys`
/// (two-space indent, `"key" : value`), without it: `JSONSerialization` sorts the keys in a locale,
/// and the locale's first use loads ICU's data, a few megabytes of a dashboard that should fit in
/// 30 MB. Byte for byte the same for the reports' documents: keys of ASCII letters (sorted
/// ignoring case; `JSONSerialization` would sort digits by number and other characters by the
/// locale) and the values below.
///
/// Values: dictionaries with string keys, arrays, strings, `Int`, finite `Double`, `Bool` and
/// `NSNull`; anything else is refused.
public enum JSONText {
    public struct UnsupportedValue: Error, CustomStringConvertible {
        public let description: String
    }

    public static func pretty(_ value: Any) throws -> String {
        var text = ""
        try write(value, indent: 0, into: &text)
        return text
    }

    private static func write(_ value: Any, indent: Int, into text: inout String) throws {
        switch value {
        case let object as [String: Any]:
            let keys = object.keys.sorted(by: ordered)
            text += "{\n"
            for (index, key) in keys.enumerated() {
                text += String(repeating: " ", count: indent + 2)
                string(key, into: &text)
                text += " : "
                // invariant: the key is one of the object's.
                try write(object[key]!, indent: indent + 2, into: &text)
                text += index == keys.count - 1 ? "\n" : ",\n"
            }
            if keys.isEmpty { text += "\n" }
            text += String(repeating: " ", count: indent) + "}"
        case let array as [Any]:
            text += "[\n"
            for (index, element) in array.enumerated() {
                text += String(repeating: " ", count: indent + 2)
                try write(element, indent: indent + 2, into: &text)
                text += index == array.count - 1 ? "\n" : ",\n"
            }
            if array.isEmpty { text += "\n" }
            text += String(repeating: " ", count: indent) + "]"
        case let string as String:
            self.string(string, into: &text)
        case let bool as Bool:
            text += bool ? "true" : "false"
        case let integer as Int:
            text += String(integer)
        case let number as Double:
            guard number.isFinite else { throw UnsupportedValue(description: "\(number)") } // not a text: a programming error
            let written = number.description
            text += written.hasSuffix(".0") ? String(written.dropLast(2)) : written
        case is NSNull:
            text += "null"
        default:
            throw UnsupportedValue(description: "\(type(of: value))") // not a text: a programming error
        }
    }

    /// ASCII letters compared without case; keys equal but for case with the lower case first.
    private static func ordered(_ lhs: String, _ rhs: String) -> Bool {
        let folded = { (key: String) in key.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 } }
        let swapped = { (key: String) in key.utf8.map { (65...90).contains($0) ? $0 + 32 : (97...122).contains($0) ? $0 - 32 : $0 } }
        let (left, right) = (folded(lhs), folded(rhs))
        return left == right ? swapped(lhs).lexicographicallyPrecedes(swapped(rhs)) : left.lexicographicallyPrecedes(right)
    }

    private static func string(_ value: String, into text: inout String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "/": text += "\\/"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{8}": text += "\\b"
            case "\u{c}": text += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
