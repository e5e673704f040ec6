import Testing
@testable import PeachStorage

@Suite("CSV numbers (plain decimals)")
struct CSVDecimalTests {
    @Test("shortest round-trip digits, always a decimal point, never an exponent")
    func format() {
        #expect(CSVDecimal.format(12.5) == "12.5")
        #expect(CSVDecimal.format(-3) == "-3.0")
        #expect(CSVDecimal.format(0) == "0.0")
        #expect(CSVDecimal.format(-0.0) == "-0.0")
        #expect(CSVDecimal.format(0.1) == "0.1")
        #expect(CSVDecimal.format(1e-05) == "0.00001")
        #expect(CSVDecimal.format(-1.2345e-7) == "-0.00000012345")
        #expect(CSVDecimal.format(1e16) == "10000000000000000.0")
        #expect(CSVDecimal.format(1.2345e16) == "12345000000000000.0")
        #expect(CSVDecimal.format(123_456_789.125) == "123456789.125")
        #expect(CSVDecimal.format(Double.leastNonzeroMagnitude) == "0." + String(repeating: "0", count: 323) + "5")
    }

    @Test("reads plain and exponent forms back to the same Double",
          arguments: [12.5, -3, 0, 0.1, 1e-05, -1.2345e-7, 1e16, 1.2345e16, Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude,
                      -Double.leastNormalMagnitude, 1.0 / 3, 701.9550008653874, 100.00000000000001])
    func roundTrip(_ value: Double) {
        let text = CSVDecimal.format(value)
        #expect(text.contains("."))
        #expect(!text.contains("e"))
        #expect(CSVDecimal.parse(text) == .value(value))
        #expect(CSVDecimal.parse(value.description) == .value(value))
    }

    @Test("-0.0 keeps its sign")
    func negativeZero() throws {
        guard case .value(let value) = CSVDecimal.parse(CSVDecimal.format(-0.0)) else {
            Issue.record("-0.0 did not parse")
            return
        }
        #expect(value == 0 && value.sign == .minus)
    }

    @Test("accepts integers and other decimal spellings")
    func lenientSpellings() {
        #expect(CSVDecimal.parse("12") == .value(12))
        #expect(CSVDecimal.parse("+1.5") == .value(1.5))
        #expect(CSVDecimal.parse(".5") == .value(0.5))
        #expect(CSVDecimal.parse("5.") == .value(5))
        #expect(CSVDecimal.parse("1E3") == .value(1000))
    }

    @Test("non-finite numbers are told apart from non-numbers")
    func refuses() {
        for text in ["inf", "-inf", "nan", "NaN", "infinity", "1e999", "-1e400"] {
            #expect(CSVDecimal.parse(text) == .notFinite, "\(text)")
        }
        for text in ["", "abc", "1,5", " 1.5", "1.5 ", "0x1p3", "1e", "e5", ".", "-", "1.2.3", "١٢"] {
            #expect(CSVDecimal.parse(text) == .notANumber, "\(text)")
        }
    }
}
