/// Numbers in the CSV file: plain decimals that always have a decimal point and never an exponent.
///
/// Writing uses Swift's shortest round-trip digits (`String(Double)`), spelled out in plain decimal:
/// `12.5`, `-3.0`, `0.00001` (not `1e-05`), `12345000000000000.0` (not `1.2345e+16`). Reading accepts
/// plain decimals and exponent forms alike, and gives back exactly the `Double` that was written.
enum CSVDecimal {
    enum Parsed: Equatable {
        case value(Double)
        case notANumber
        case notFinite
    }

    /// The plain decimal for `value`. A non-finite value is written as Swift spells it (`nan`, `inf`),
    /// which an import refuses: the file format has no non-finite numbers.
    static func format(_ value: Double) -> String {
        let text = value.description
        guard value.isFinite else { return text }
        if text.contains("e") { return expandExponent(text) }
        return text.contains(".") ? text : text + ".0"
    }

    static func parse(_ text: String) -> Parsed {
        if let value = Double(text), !value.isFinite { return .notFinite } // `inf`, `nan`, `1e999`
        guard isDecimalSyntax(text), let value = Double(text) else { return .notANumber }
        return .value(value)
    }

    /// `-1.2345e-05` → `-0.000012345`.
    private static func expandExponent(_ text: String) -> String {
        var rest = Substring(text)
        let sign = rest.first == "-" ? "-" : ""
        if !sign.isEmpty { rest = rest.dropFirst() }
        let parts = rest.split(separator: "e", maxSplits: 1)
        guard parts.count == 2, let exponent = Int(parts[1]) else { return text }
        let mantissa = parts[0].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let integerDigits = mantissa[0]
        var digits = Array(integerDigits + (mantissa.count > 1 ? mantissa[1] : ""))
        var point = integerDigits.count + exponent // digits before the decimal point
        while digits.count > 1, digits.first == "0" {
            digits.removeFirst()
            point -= 1
        }
        while digits.count > 1, digits.last == "0", digits.count > point {
            digits.removeLast()
        }
        let zeros = { (count: Int) in String(repeating: "0", count: count) }
        if point <= 0 {
            return sign + "0." + zeros(-point) + String(digits)
        } else if point >= digits.count {
            return sign + String(digits) + zeros(point - digits.count) + ".0"
        } else {
            return sign + String(digits[..<point]) + "." + String(digits[point...])
        }
    }

    /// `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?` — no hexadecimal, no words, no spaces.
    private static func isDecimalSyntax(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let integerDigits = bytes.prefix(while: isDigit).count
        bytes = bytes.dropFirst(integerDigits)
        var fractionDigits = 0
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            fractionDigits = bytes.prefix(while: isDigit).count
            bytes = bytes.dropFirst(fractionDigits)
        }
        guard integerDigits + fractionDigits > 0 else { return false }
        if let marker = bytes.first, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            let exponentDigits = bytes.prefix(while: isDigit).count
            guard exponentDigits > 0 else { return false }
            bytes = bytes.dropFirst(exponentDigits)
        }
        return bytes.isEmpty
    }
}
