import PeachDomain

/// Numbers as the language writes them: a decimal point and thousands comma in English (1,234.5),
/// a decimal comma and thousands point in German (1.234,5). Written out here rather than through
/// Foundation's locale formatting, which wakes ICU and its data (about 6 MB resident in every
/// process that shows a number); the result is the same as ICU's, digit for digit: the value's
/// shortest decimal form, rounded half to even (`NumberFormatTests` compares the two).
public struct NumberFormat: Sendable {
    public let language: Language
    let decimalSeparator: String
    let groupingSeparator: String

    public init(_ language: Language) {
        self.language = language
        (decimalSeparator, groupingSeparator) = language == .german ? (",", ".") : (".", ",")
    }

    public func integer(_ value: Int) -> String {
        (value < 0 ? "-" : "") + grouped(String(value.magnitude))
    }

    public func decimal(_ value: Double, digits: Int, signed: Bool = false) -> String {
        guard value.isFinite else { return String(value) }
        let (whole, fraction) = Self.rounded(abs(value), digits: max(0, digits))
        let sign = value.sign == .minus ? "-" : (signed ? "+" : "")
        return sign + grouped(whole) + (fraction.isEmpty ? "" : decimalSeparator + fraction)
    }

    /// Cents with the precision a threshold of that size has: 0.45, 6.2, 120.
    public func cents(_ value: Double, signed: Bool = false) -> String {
        let magnitude = abs(value)
        let digits = magnitude < 1 ? 2 : (magnitude < 100 ? 1 : 0)
        return decimal(value, digits: digits, signed: signed)
    }

    private func grouped(_ whole: String) -> String {
        var result = ""
        let count = whole.count
        for (index, digit) in whole.enumerated() {
            if index > 0, (count - index) % 3 == 0 { result += groupingSeparator }
            result.append(digit)
        }
        return result
    }

    /// `magnitude`'s whole and fraction digits, the fraction `digits` long: its shortest decimal
    /// form (Swift's `description`, as ICU's) rounded half to even.
    static func rounded(_ magnitude: Double, digits: Int) -> (whole: String, fraction: String) {
        let text = magnitude.description
        let parts = text.split(separator: "e", maxSplits: 1)
        let exponent = parts.count == 2 ? Int(parts[1]) ?? 0 : 0
        let mantissa = parts[0]
        let point = mantissa.firstIndex(of: ".").map { mantissa.distance(from: mantissa.startIndex, to: $0) } ?? mantissa.count
        var figures = mantissa.compactMap { $0.wholeNumberValue }
        var wholeCount = point + exponent
        if wholeCount < 1 {
            figures.insert(contentsOf: repeatElement(0, count: 1 - wholeCount), at: 0)
            wholeCount = 1
        }
        let kept = wholeCount + digits
        if figures.count <= kept {
            figures += repeatElement(0, count: kept - figures.count)
        } else {
            let first = figures[kept]
            let rest = figures[(kept + 1)...].contains { $0 != 0 }
            let odd = figures[kept - 1] % 2 == 1
            figures.removeSubrange(kept...)
            if first > 5 || (first == 5 && (rest || odd)) {
                var index = kept - 1
                while index >= 0 {
                    if figures[index] == 9 { figures[index] = 0; index -= 1 } else { figures[index] += 1; break }
                }
                if index < 0 { figures.insert(1, at: 0); wholeCount += 1 }
            }
        }
        var whole = figures[..<wholeCount].drop(while: { $0 == 0 }).map(String.init).joined()
        if whole.isEmpty { whole = "0" }
        return (whole, figures[wholeCount...].map(String.init).joined())
    }
}
