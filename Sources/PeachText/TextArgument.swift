import Foundation

/// A value that fills a placeholder of a text, formatted for the text's language.
public protocol TextArgument: Sendable {
    func formatted(_ numbers: NumberFormat) -> String
}

extension String: TextArgument {
    public func formatted(_ numbers: NumberFormat) -> String { self }
}

extension Substring: TextArgument {
    public func formatted(_ numbers: NumberFormat) -> String { String(self) }
}

/// A count, with the language's thousands separator (1,000 / 1.000).
extension Int: TextArgument {
    public func formatted(_ numbers: NumberFormat) -> String { numbers.integer(self) }
}

/// A measurement in cents (or a value read like one), with the precision a threshold of that size
/// has: 0.45, 6.2, 120 (German 0,45, 6,2, 120).
extension Double: TextArgument {
    public func formatted(_ numbers: NumberFormat) -> String { numbers.cents(self) }
}

/// A number with a fixed number of decimals, optionally always signed: `Decimals(-0.5, 2, signed: true)`
/// is "-0.50" ("-0,50").
public struct Decimals: TextArgument {
    public let value: Double
    public let digits: Int
    public let signed: Bool

    public init(_ value: Double, _ digits: Int, signed: Bool = false) {
        self.value = value
        self.digits = digits
        self.signed = signed
    }

    public func formatted(_ numbers: NumberFormat) -> String { numbers.decimal(value, digits: digits, signed: signed) }
}

/// Cents with the threshold precision and a sign always shown: "+2.0", "-0.45".
public struct SignedCents: TextArgument {
    public let value: Double

    public init(_ value: Double) { self.value = value }

    public func formatted(_ numbers: NumberFormat) -> String { numbers.cents(value, signed: true) }
}
