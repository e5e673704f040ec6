import Foundation

/// A frequency in hertz; always positive.
public struct Frequency: Hashable, Comparable, Sendable, Codable, CustomStringConvertible,
    ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public let rawValue: Double

    public init(_ rawValue: Double) {
        precondition(rawValue > 0 && rawValue.isFinite, "a frequency must be positive and finite, not \(rawValue)")
        self.rawValue = rawValue
    }

    public init(floatLiteral value: Double) { self.init(value) }
    public init(integerLiteral value: Int) { self.init(Double(value)) }

    /// A4 = 440 Hz, the default reference pitch.
    public static let concert440 = Frequency(440)

    /// The signed distance from `other` to this frequency: + when this one is higher.
    public func cents(from other: Frequency) -> Cents {
        Cents(1200 * log2(rawValue / other.rawValue))
    }

    /// This frequency moved by `cents`.
    public func shifted(by cents: Cents) -> Frequency {
        Frequency(rawValue * pow(2, cents.rawValue / 1200))
    }

    public var description: String { String(format: "%.4f Hz", rawValue) }

    public static func < (lhs: Frequency, rhs: Frequency) -> Bool { lhs.rawValue < rhs.rawValue }
}
