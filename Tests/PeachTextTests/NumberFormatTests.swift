import Foundation
import PeachDomain
import Testing
@testable import PeachText

/// `NumberFormat` writes numbers itself (ICU stays asleep); it must write them exactly as
/// Foundation's locale formatting (ICU) does, digit for digit, in both languages.
struct NumberFormatTests {
    static func icu(_ value: Double, digits: Int, signed: Bool, _ language: Language) -> String {
        let locale = Locale(identifier: language == .german ? "de_DE" : "en_US")
        let style = FloatingPointFormatStyle<Double>.number.locale(locale).precision(.fractionLength(digits))
        return value.formatted(signed ? style.sign(strategy: .always()) : style)
    }

    /// Values where rounding is decided: halves (even and odd neighbours), carries into a new
    /// digit, thousands, tiny and huge magnitudes, negative values that round to zero.
    static let edges: [Double] = [0, 0.005, 0.015, 0.025, 0.125, 0.135, 0.5, 1.5, 2.5, 2.675, 1.005, 9.995, 99.95, 99.5,
                                  999.5, 999.95, 1234.5, 12345.678, 1_000_000, 123_456_789.125, 0.000012, 1e-7, 1e21,
                                  4.35, 4.45, 0.045, 0.055, 6.2, 6.25, 6.35, 120.5, 121.5, 0.001, 0.0049999]

    @Test(arguments: [Language.english, .german])
    func decimalsAreICUs(_ language: Language) {
        let format = NumberFormat(language)
        var generator = SystemRandomNumberGenerator()
        var values = Self.edges + Self.edges.map { -$0 }
        for _ in 0..<3000 {
            let magnitude = Double.random(in: -6...7, using: &generator)
            values.append((Double.random(in: -1...1, using: &generator) * pow(10, magnitude) * 1000).rounded() / 1000)
            values.append(Double.random(in: -1...1, using: &generator) * pow(10, magnitude))
        }
        for value in values {
            for digits in 0...3 {
                for signed in [false, true] {
                    #expect(format.decimal(value, digits: digits, signed: signed) == Self.icu(value, digits: digits, signed: signed, language),
                            "\(value) with \(digits) digits\(signed ? ", signed" : "")")
                }
            }
        }
    }

    @Test(arguments: [Language.english, .german])
    func integersAreICUs(_ language: Language) {
        let format = NumberFormat(language)
        let locale = Locale(identifier: language == .german ? "de_DE" : "en_US")
        for value in [0, 7, -7, 999, 1000, -1000, 12345, 999_999, 1_000_000, -123_456_789, Int.max, Int.min + 1] {
            #expect(format.integer(value) == value.formatted(.number.locale(locale)))
        }
    }
}
