/// A pitch distance in cents (1/100 of an equal-tempered semitone). Signed: + is sharp / up.
public struct Cents: Hashable, Comparable, Sendable, Codable, CustomStringConvertible,
    ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public var rawValue: Double

    public init(_ rawValue: Double) { self.rawValue = rawValue }
    public init(floatLiteral value: Double) { self.rawValue = value }
    public init(integerLiteral value: Int) { self.rawValue = Double(value) }

    public static let zero = Cents(0)

    public var magnitude: Cents { Cents(abs(rawValue)) }

    public var description: String {
        rawValue >= 0 ? "+\(rawValue) ct" : "\(rawValue) ct"
    }

    public static func < (lhs: Cents, rhs: Cents) -> Bool { lhs.rawValue < rhs.rawValue }
    public static func + (lhs: Cents, rhs: Cents) -> Cents { Cents(lhs.rawValue + rhs.rawValue) }
    public static func - (lhs: Cents, rhs: Cents) -> Cents { Cents(lhs.rawValue - rhs.rawValue) }
    public static prefix func - (value: Cents) -> Cents { Cents(-value.rawValue) }
    public static func * (lhs: Cents, rhs: Double) -> Cents { Cents(lhs.rawValue * rhs) }
}
