import Foundation
import Testing
@testable import PeachStorage

@Suite("CSV import refuses values no answer can have, at their line")
struct HistoryCSVPlausibilityTests {
    typealias F = CSVFixture
    /// 2026-03-06T12:00:00Z, a day after the fixture rows.
    static let now = Date(timeIntervalSince1970: 1_772_798_400)

    private func problems(inRow row: String) -> [ReadProblem] {
        do {
            _ = try HistoryCSV.parse(F.file3([F.matchingRow(), row]), now: Self.now)
            return []
        } catch {
            return error.problems.map(ReadProblem.init)
        }
    }

    @Test("cents beyond an octave, or too large to be finite, in every cents column")
    func cents() {
        #expect(problems(inRow: F.comparisonRow(["centOffset": "99999"]))
                == [ReadProblem(line: 4, reason: "centOffset 99999.0 is outside ±1200 cents (an octave either way)")])
        #expect(problems(inRow: F.comparisonRow(["centOffset": "-1.7e308"])).map(\.line) == [4])
        #expect(problems(inRow: F.matchingRow(["initialCentOffset": "1200.5"])).map(\.line) == [4])
        #expect(problems(inRow: F.matchingRow(["userCentError": "-5000"])).map(\.line) == [4])
        #expect(problems(inRow: F.comparisonRow(["centOffset": "1200"])).isEmpty, "exactly an octave is an answer")
        #expect(problems(inRow: F.matchingRow(["userCentError": "-1200"])).isEmpty)
    }

    @Test("a time before 2000 or more than a day ahead")
    func timestamps() {
        #expect(problems(inRow: F.comparisonRow(["timestamp": "2999-01-01T00:00:00Z"]))
                == [ReadProblem(line: 4, reason: "timestamp \"2999-01-01T00:00:00Z\" is in the future (later than 2026-03-07T12:00:00Z)")])
        #expect(problems(inRow: F.comparisonRow(["timestamp": "0001-01-01T00:00:00Z"]))
                == [ReadProblem(line: 4, reason: "timestamp \"0001-01-01T00:00:00Z\" is before 2000: no answer can be that old")])
        #expect(problems(inRow: F.comparisonRow(["timestamp": "1999-12-31T23:59:59Z"])).count == 1)
        #expect(problems(inRow: F.comparisonRow(["timestamp": "2026-03-07T11:59:00Z"])).isEmpty, "within a day ahead (clocks differ)")
        #expect(problems(inRow: F.comparisonRow(["timestamp": "2000-01-01T00:00:00Z"])).isEmpty)
    }

    @Test("the highest notes, with an interval that stays inside 0–127, import")
    func highNotes() {
        #expect(problems(inRow: F.comparisonRow(["referenceNote": "127", "referenceNoteName": "G9", "targetNote": "115",
                                                 "targetNoteName": "G8", "interval": "P8"])).isEmpty)
    }
}
