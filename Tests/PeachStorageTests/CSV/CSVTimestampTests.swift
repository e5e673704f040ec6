import Foundation
import PeachDomain
import Testing
@testable import PeachStorage

@Suite("CSV timestamps (ISO 8601, UTC, milliseconds; whole seconds as the iOS app writes them)")
struct CSVTimestampTests {
    @Test("written in UTC with milliseconds; a whole second without a fraction, as the iOS app writes it")
    func format() {
        #expect(CSVTimestamp.format(Date(timeIntervalSince1970: 1_772_719_387.25)) == "2026-03-05T14:03:07.250Z")
        #expect(CSVTimestamp.format(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        #expect(CSVTimestamp.format(Date(timeIntervalSince1970: -0.001)) == "1969-12-31T23:59:59.999Z")
        #expect(CSVTimestamp.format(Date(timeIntervalSince1970: 1_709_251_199.9996)) == "2024-03-01T00:00:00Z")
        #expect(CSVTimestamp.format(Date(timeIntervalSince1970: 1_709_251_199.0004)) == "2024-02-29T23:59:59Z")
        #expect(CSVTimestamp.format(Date(timeIntervalSinceReferenceDate: 0)) == "2001-01-01T00:00:00Z")
        #expect(CSVTimestamp.format(Date(timeIntervalSince1970: 1_772_719_387)) == "2026-03-05T14:03:07Z")
        #expect(CSVTimestamp.format(Date(timeIntervalSince1970: 1_772_719_387.001)) == "2026-03-05T14:03:07.001Z")
        #expect(CSVTimestamp.format(Date(timeIntervalSince1970: 1_772_719_387.0004)) == "2026-03-05T14:03:07Z")
    }

    @Test("years outside 0000–9999 are clamped, so the text always reads back")
    func clamped() {
        #expect(CSVTimestamp.format(Date(timeIntervalSince1970: -1e12)) == "0000-01-01T00:00:00Z")
        #expect(CSVTimestamp.format(Date(timeIntervalSince1970: 1e12)) == "9999-12-31T23:59:59.999Z")
        // Foundation's 0001-01-01 is Julian; ISO 8601 is proleptic Gregorian.
        #expect(CSVTimestamp.format(Date.distantPast) == "0000-12-30T00:00:00Z")
        #expect(CSVTimestamp.parse(CSVTimestamp.format(Date.distantPast)) == Date.distantPast)
        #expect(CSVTimestamp.parse(CSVTimestamp.format(Date.distantFuture)) == Date.distantFuture)
    }

    @Test("read with or without a fraction of any length, with Z or an offset")
    func parse() {
        let whole = Date(timeIntervalSince1970: 1_772_719_387)
        #expect(CSVTimestamp.parse("2026-03-05T14:03:07Z") == whole)
        #expect(CSVTimestamp.parse("2026-03-05T14:03:07+00:00") == whole)
        #expect(CSVTimestamp.parse("2026-03-05T15:03:07+01:00") == whole)
        #expect(CSVTimestamp.parse("2026-03-05T15:03:07+0100") == whole)
        #expect(CSVTimestamp.parse("2026-03-05T10:33:07-03:30") == whole)
        #expect(CSVTimestamp.parse("2026-03-05T14:03:07.5Z") == Date(timeIntervalSince1970: 1_772_719_387.5))
        #expect(CSVTimestamp.parse("2026-03-05T14:03:07.250Z") == Date(timeIntervalSince1970: 1_772_719_387.25))
        #expect(CSVTimestamp.parse("2026-03-05T14:03:07.2500001Z") == Date(timeIntervalSince1970: 1_772_719_387.25))
        #expect(CSVTimestamp.parse("2026-03-05T14:03:07.2495Z") == Date(timeIntervalSince1970: 1_772_719_387.25))
        #expect(CSVTimestamp.parse("2026-03-05T14:03:07.9999Z") == Date(timeIntervalSince1970: 1_772_719_388))
        #expect(CSVTimestamp.parse("2024-02-29T23:59:59Z") == Date(timeIntervalSince1970: 1_709_251_199))
    }

    @Test("refuses what is not an ISO 8601 instant", arguments: [
        "", "yesterday", "2026-03-05", "2026-03-05T14:03:07", "2026-03-05 14:03:07Z", "2026-3-05T14:03:07Z",
        "2026-03-05T14:03:07.Z", "2026-03-05T14:03:07ZZ", "2025-02-29T00:00:00Z", "2026-13-01T00:00:00Z",
        "2026-03-05T24:00:00Z", "2026-03-05T14:60:00Z", "2026-03-05T14:03:60Z", "2026-03-05T14:03:07+24:00",
        " 2026-03-05T14:03:07Z", "0000-01-01T00:00:00+01:00",
    ])
    func refuses(_ text: String) {
        #expect(CSVTimestamp.parse(text) == nil)
    }

    @Test("a millisecond date is written and read back exactly, before and after 1970 and 2001")
    func millisecondRoundTrip() {
        var generator = SeededRandomGenerator(seed: 3)
        for _ in 0..<5000 {
            let milliseconds = Int64.random(in: -62_000_000_000_000...253_000_000_000_000, using: &generator)
            let date = CSVTimestamp.date(millisecondsSince1970: milliseconds)
            #expect(CSVTimestamp.millisecondsSince1970(date) == milliseconds)
            #expect(CSVTimestamp.parse(CSVTimestamp.format(date)) == date)
        }
    }
}
