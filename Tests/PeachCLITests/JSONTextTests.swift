import Foundation
import PeachDomain
import Testing
@testable import PeachCommandLine

/// The reports' JSON writer against `JSONSerialization` (`.prettyPrinted`, `.sortedKeys`), whose
/// bytes `peach profile --json` and `peach history --json` have always been.
@Suite("JSON text")
struct JSONTextTests {
    /// Keys of letters only, in both cases, so that some differ only in case.
    static func key(_ generator: inout SeededRandomGenerator) -> String {
        String((0..<Int.random(in: 1...4, using: &generator)).map { _ in "abcABCxyzXYZ".randomElement(using: &generator)! })
    }

    static func value(depth: Int, _ generator: inout SeededRandomGenerator) -> Any {
        switch Int.random(in: depth > 3 ? 2...8 : 0...8, using: &generator) {
        case 0:
            var object: [String: Any] = [:]
            for _ in 0..<Int.random(in: 0...6, using: &generator) { object[key(&generator)] = value(depth: depth + 1, &generator) }
            return object
        case 1: return (0..<Int.random(in: 0...4, using: &generator)).map { _ in value(depth: depth + 1, &generator) }
        case 2: return Int.random(in: -1_000_000...1_000_000, using: &generator)
        case 3: return Double.random(in: -1000...1000, using: &generator)
        case 4: return Double(sign: .plus, exponent: Int.random(in: -40...70, using: &generator), significand: Double.random(in: 1..<2, using: &generator))
        case 5: return Double(Int.random(in: -100...100, using: &generator)) / 4
        case 6: return Bool.random(using: &generator)
        case 7: return NSNull()
        default:
            let scalars: [Unicode.Scalar] = ["a", "Z", "\"", "\\", "/", "\n", "\t", "\r", "\u{1}", "\u{1f}", "\u{8}", "\u{c}", "é", "♯", "→", " "]
            return String(String.UnicodeScalarView((0..<Int.random(in: 0...8, using: &generator)).map { _ in scalars.randomElement(using: &generator)! }))
        }
    }

    @Test("random documents: the same bytes as JSONSerialization")
    func sameBytes() throws {
        var generator = SeededRandomGenerator(seed: 21)
        for _ in 0..<3000 {
            var document: [String: Any] = [:]
            for _ in 0..<Int.random(in: 1...8, using: &generator) { document[Self.key(&generator)] = Self.value(depth: 0, &generator) }
            let expected = String(decoding: try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys]),
                                  as: UTF8.self)
            #expect(try JSONText.pretty(document) == expected)
        }
    }

    @Test("what JSON cannot hold is refused", arguments: [Double.nan, .infinity])
    func refused(_ number: Double) {
        #expect(throws: JSONText.UnsupportedValue.self) { try JSONText.pretty(["x": number]) }
        #expect(throws: JSONText.UnsupportedValue.self) { try JSONText.pretty(["x": Date()]) }
    }
}
