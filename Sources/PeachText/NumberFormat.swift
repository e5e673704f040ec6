import Foundation
import PeachDomain

/// Numbers as the language writes them, through Foundation's locale-aware formatting: a decimal
/// point and thousands comma in English (1,234.5), a decimal comma and thousands point in German (1.234,5).
public struct NumberFormat: Sendable {
    public let locale: Locale

    public init(_ language: Language) {
        locale = Locale(identifier: language == .german ? "de_DE" : "en_US")
    }

    public func integer(_ value: Int) -> String {
        value.formatted(.number.locale(locale))
    }

    public func decimal(_ value: Double, digits: Int, signed: Bool = false) -> String {
        guard value.isFinite else { return String(value) }
        let style = FloatingPointFormatStyle<Double>.number.locale(locale).precision(.fractionLength(digits))
        return value.formatted(signed ? style.sign(strategy: .always()) : style)
    }

    /// Cents with the precision a threshold of that size has: 0.45, 6.2, 120.
    public func cents(_ value: Double, signed: Bool = false) -> String {
        let magnitude = abs(value)
        let digits = magnitude < 1 ? 2 : (magnitude < 100 ? 1 : 0)
        return decimal(value, digits: digits, signed: signed)
    }
}
