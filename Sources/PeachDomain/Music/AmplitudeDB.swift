import Foundation

/// Loudness relative to the sound's nominal level, in decibels, clamped to −90…+12 dB.
public struct AmplitudeDB: Hashable, Comparable, Sendable, Codable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public static let validRange: ClosedRange<Double> = -90...12
    public let rawValue: Double

    public init(_ rawValue: Double) {
        self.rawValue = rawValue.isNaN ? 0 : min(max(rawValue, Self.validRange.lowerBound), Self.validRange.upperBound)
    }

    public init(floatLiteral value: Double) { self.init(value) }
    public init(integerLiteral value: Int) { self.init(Double(value)) }

    public static let nominal = AmplitudeDB(0)

    /// The linear gain factor, 10^(dB/20).
    public var linearGain: Double { pow(10, rawValue / 20) }

    public static func < (lhs: AmplitudeDB, rhs: AmplitudeDB) -> Bool { lhs.rawValue < rhs.rawValue }
}
