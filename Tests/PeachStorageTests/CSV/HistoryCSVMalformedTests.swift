import PeachDomain
import PeachText
import Testing
@testable import PeachStorage

@Suite("CSV import of malformed files: every problem, at its line, naming the value; nothing imported")
struct HistoryCSVMalformedTests {
    typealias F = CSVFixture

    /// The problems of a format 3 file whose third line is `row` (a valid row comes before it).
    private func problems(inRow row: String) -> [ReadProblem] {
        F.problems(F.file3([F.matchingRow(), row]))
    }

    @Test("a note outside 0–127, or not a number")
    func notes() {
        #expect(problems(inRow: F.comparisonRow(["referenceNote": "130"]))
                == [ReadProblem(line: 4, reason: "referenceNote \"130\" is not a MIDI note (0–127)")])
        #expect(problems(inRow: F.comparisonRow(["targetNote": "-1"]))
                == [ReadProblem(line: 4, reason: "targetNote \"-1\" is not a MIDI note (0–127)")])
        #expect(problems(inRow: F.comparisonRow(["targetNote": "64.0"]))
                == [ReadProblem(line: 4, reason: "targetNote \"64.0\" is not a MIDI note (0–127)")])
        #expect(problems(inRow: F.comparisonRow(["referenceNote": "C4"]))
                == [ReadProblem(line: 4, reason: "referenceNote \"C4\" is not a MIDI note (0–127)")])
    }

    @Test("a note name that does not match the number")
    func noteNames() {
        #expect(problems(inRow: F.comparisonRow(["referenceNoteName": "D4"]))
                == [ReadProblem(line: 4, reason: "referenceNoteName \"D4\" does not match referenceNote 60 (C4)")])
        #expect(problems(inRow: F.comparisonRow(["targetNoteName": "Fb4"]))
                == [ReadProblem(line: 4, reason: "targetNoteName \"Fb4\" does not match targetNote 64 (E4)")])
    }

    @Test("an unknown trainingType, or none")
    func trainingType() {
        #expect(problems(inRow: F.comparisonRow(["trainingType": "pitchFoo"]))
                == [ReadProblem(line: 4, reason: "unknown trainingType \"pitchFoo\"")])
        #expect(problems(inRow: F.comparisonRow(["trainingType": ""]))
                == [ReadProblem(line: 4, reason: "trainingType is missing")])
    }

    @Test("the wrong number of fields")
    func fieldCount() {
        let short = String(F.comparisonRow().dropLast())
        #expect(problems(inRow: short) == [ReadProblem(line: 4, reason: "expected 19 fields, found 18")])
        #expect(problems(inRow: F.comparisonRow() + ",")
                == [ReadProblem(line: 4, reason: "expected 19 fields, found 20")])
        #expect(problems(inRow: "rhythmOffsetDetection,2026-03-05T14:03:30Z")
                == [ReadProblem(line: 4, reason: "expected 19 fields, found 2")])
    }

    @Test("notes more than an octave apart; an interval that the notes do not make; an unknown interval")
    func intervals() {
        #expect(problems(inRow: F.comparisonRow(["targetNote": "80", "targetNoteName": "G#5"]))
                == [ReadProblem(line: 4, reason: "referenceNote 60 and targetNote 80 are more than an octave apart")])
        #expect(problems(inRow: F.comparisonRow(["interval": "P5"]))
                == [ReadProblem(line: 4, reason: "interval \"P5\" does not match the notes 60 → 64 (M3)")])
        #expect(problems(inRow: F.matchingRow(["targetNote": "50", "targetNoteName": "D3", "interval": "P4"]))
                == [ReadProblem(line: 4, reason: "interval \"P4\" does not match the notes 57 → 50 (P5)")])
        #expect(problems(inRow: F.comparisonRow(["interval": "M9"]))
                == [ReadProblem(line: 4, reason: "interval \"M9\" is not one of P1 m2 M2 m3 M3 P4 d5 P5 m6 M6 m7 M7 P8")])
    }

    @Test("a timestamp that is not ISO 8601")
    func timestamps() {
        for text in ["yesterday", "2026-03-05T14:03:07", "2026-02-30T10:00:00Z"] {
            #expect(problems(inRow: F.comparisonRow(["timestamp": text]))
                    == [ReadProblem(line: 4, reason: "timestamp \"\(text)\" is not ISO 8601 (like 2026-03-05T14:03:07Z)")])
        }
    }

    @Test("non-finite numbers and non-numbers", arguments: ["inf", "-inf", "nan", "1e999"])
    func nonFinite(_ text: String) {
        #expect(problems(inRow: F.comparisonRow(["centOffset": text]))
                == [ReadProblem(line: 4, reason: "centOffset \"\(text)\" is not a finite number")])
        #expect(problems(inRow: F.matchingRow(["userCentError": text]))
                == [ReadProblem(line: 4, reason: "userCentError \"\(text)\" is not a finite number")])
    }

    @Test("numbers, booleans and tuning systems that are not")
    func badValues() {
        #expect(problems(inRow: F.matchingRow(["initialCentOffset": "12,5"]))
                == [ReadProblem(line: 4, reason: "expected 19 fields, found 20")])
        #expect(problems(inRow: F.matchingRow(["initialCentOffset": "\"12,5\""]))
                == [ReadProblem(line: 4, reason: "initialCentOffset \"12,5\" is not a number")])
        #expect(problems(inRow: F.comparisonRow(["centOffset": "0x1p3"]))
                == [ReadProblem(line: 4, reason: "centOffset \"0x1p3\" is not a number")])
        #expect(problems(inRow: F.comparisonRow(["isCorrect": "yes"]))
                == [ReadProblem(line: 4, reason: "isCorrect \"yes\" is not true or false")])
        #expect(problems(inRow: F.comparisonRow(["tuningSystem": "meantone"]))
                == [ReadProblem(line: 4, reason: "tuningSystem \"meantone\" is not equalTemperament or justIntonation")])
    }

    @Test("a missing required field")
    func missingFields() {
        #expect(problems(inRow: F.comparisonRow(["centOffset": ""]))
                == [ReadProblem(line: 4, reason: "centOffset is missing")])
        #expect(problems(inRow: F.comparisonRow(["isCorrect": ""]))
                == [ReadProblem(line: 4, reason: "isCorrect is missing")])
        #expect(problems(inRow: F.matchingRow(["userCentError": ""]))
                == [ReadProblem(line: 4, reason: "userCentError is missing")])
        #expect(problems(inRow: F.matchingRow(["timestamp": ""]))
                == [ReadProblem(line: 4, reason: "timestamp is missing")])
        // A matching row's values are not a comparison's.
        #expect(problems(inRow: F.comparisonRow(["trainingType": "pitchMatching"]))
                == [ReadProblem(line: 4, reason: "initialCentOffset is missing"),
                    ReadProblem(line: 4, reason: "userCentError is missing")])
    }

    @Test("every problem of one row is listed")
    func severalProblemsInARow() {
        let row = F.comparisonRow(["timestamp": "soon", "referenceNote": "200", "interval": "X", "isCorrect": "maybe"])
        #expect(problems(inRow: row) == [
            ReadProblem(line: 4, reason: "timestamp \"soon\" is not ISO 8601 (like 2026-03-05T14:03:07Z)"),
            ReadProblem(line: 4, reason: "referenceNote \"200\" is not a MIDI note (0–127)"),
            ReadProblem(line: 4, reason: "interval \"X\" is not one of P1 m2 M2 m3 M3 P4 d5 P5 m6 M6 m7 M7 P8"),
            ReadProblem(line: 4, reason: "isCorrect \"maybe\" is not true or false"),
        ])
    }

    @Test("several bad rows: all reported at their physical lines, and the parse throws")
    func severalBadRows() throws {
        let text = F.file3([
            F.comparisonRow(),                                           // 3
            F.comparisonRow(["referenceNote": "130"]),                   // 4
            "",                                                          // 5 blank
            F.matchingRow(),                                             // 6
            F.comparisonRow(["tuningSystem": "\"equal\nTemperament\""]), // 7–8
            F.timingRow(["tempoBPM": "12"]),                             // 9
            F.comparisonRow(["trainingType": "pitchFoo"]),               // 10
            "pitchDiscrimination,\"2026-03-05T14:03:07Z\"x,,,,,,,,,,,,,,,,,", // 11
            F.comparisonRow(["interval": "P5"]),                         // 12
        ]) + "\"unterminated,\n\n"                                       // 13
        #expect(throws: CSVImportError.self) { try HistoryCSV.parse(text) }
        let problems = F.problems(text)
        #expect(problems == [
            ReadProblem(line: 4, reason: "referenceNote \"130\" is not a MIDI note (0–127)"),
            ReadProblem(line: 7, reason: "tuningSystem \"equal\nTemperament\" is not equalTemperament or justIntonation"),
            ReadProblem(line: 9, reason: "tempoBPM \"12\" is not a tempo (a whole number of beats per minute, 20–300)"),
            ReadProblem(line: 10, reason: "unknown trainingType \"pitchFoo\""),
            ReadProblem(line: 11, reason: "text after the closing quote of a quoted field"),
            ReadProblem(line: 12, reason: "interval \"P5\" does not match the notes 60 → 64 (M3)"),
            ReadProblem(line: 13, reason: "a quoted field is not closed before the end of the file"),
        ])
        #expect(problems.prefix(2).map(\.description).joined(separator: "\n") == """
            line 4: referenceNote "130" is not a MIDI note (0–127)
            line 7: tuningSystem "equal
            Temperament" is not equalTemperament or justIntonation
            """)
    }

    @Test("an empty file, or one of blank lines, is an error of the whole file")
    func emptyFile() {
        for text in ["", "\n", "\r\n\r\n", "  \n\t\n"] {
            #expect(F.problems(text) == [ReadProblem(line: 0, reason: "the file is empty")])
        }
        #expect(F.problems("# peach-export-format:3\n")
                == [ReadProblem(line: 0, reason: "the file ends before its header line")])
        // Said without a line: there is no line 0 to point at.
        #expect(CSVProblem(line: 0, reason: .emptyFile).text(.english) == "the file is empty")
        #expect(CSVProblem(line: 3, reason: .emptyFile).text(.english) == "line 3: the file is empty")
    }

    @Test("a missing, unreadable or unknown metadata line is a line-1 problem")
    func metadata() {
        #expect(F.problems(F.header3 + "\n" + F.comparisonRow()) == [ReadProblem(
            line: 1,
            reason: "the first line must be \"# peach-export-format:N\", found \"trainingType,timestamp,referenceNote,ref…\"")])
        #expect(F.problems("# peach-export-format:abc\n" + F.header3)
                == [ReadProblem(line: 1, reason: "the first line must be \"# peach-export-format:N\", found \"# peach-export-format:abc\"")])
        #expect(F.problems("# peach-export-format:\n" + F.header3)
                == [ReadProblem(line: 1, reason: "the first line must be \"# peach-export-format:N\", found \"# peach-export-format:\"")])
        #expect(F.problems("# peach-export-format:4\n" + F.header3)
                == [ReadProblem(line: 1, reason: "export format 4 is not supported; Peach reads formats 1, 2 and 3")])
        #expect(F.problems("# peach-export-format:0\n" + F.header3)
                == [ReadProblem(line: 1, reason: "export format 0 is not supported; Peach reads formats 1, 2 and 3")])
    }

    @Test("a header that is not the format's is a line-2 problem")
    func headers() {
        // Format 3 is fixed: names and order.
        let swapped = F.header3.replacingOccurrences(of: "centOffset,isCorrect", with: "isCorrect,centOffset")
        #expect(F.problems("# peach-export-format:3\n" + swapped + "\n" + F.comparisonRow()) == [ReadProblem(
            line: 2, reason: "the header is not the format 3 header: column 9 is \"isCorrect\", expected centOffset")])
        #expect(F.problems("# peach-export-format:3\n" + F.header1) == [ReadProblem(
            line: 2, reason: "the header is not the format 3 header: it ends after 12 columns, expected 19 (tempoBPM is next)")])
        #expect(F.problems("# peach-export-format:3\n" + F.header3 + ",extra") == [ReadProblem(
            line: 2, reason: "the header is not the format 3 header: unexpected column 20 \"extra\" after meanOffsetMsPosition3")])
        // Formats 1 and 2 by name: only their columns, once each, with what pitch rows need.
        #expect(F.problems("# peach-export-format:1\n" + F.header3) == [
            "tempoBPM", "offsetMs", "meanOffsetMs", "meanOffsetMsPosition0", "meanOffsetMsPosition1",
            "meanOffsetMsPosition2", "meanOffsetMsPosition3",
        ].map { ReadProblem(line: 2, reason: "unknown column \"\($0)\" in a format 1 header") })
        #expect(F.problems("# peach-export-format:2\n" + F.header1.replacingOccurrences(of: ",isCorrect", with: "")) == [
            ReadProblem(line: 2, reason: "the format 2 header lacks the column isCorrect"),
        ])
        #expect(F.problems("# peach-export-format:1\n" + "trainingType,timestamp,timestamp") == [
            ReadProblem(line: 2, reason: "column timestamp appears more than once in the header"),
            ReadProblem(line: 2, reason: "the format 1 header lacks the columns referenceNote, targetNote, interval, "
                + "tuningSystem, centOffset, isCorrect, initialCentOffset, userCentError"),
        ])
    }

    @Test("header problems come before any row is read; blank lines before the metadata shift its line")
    func headerLinesFollowBlankLines() {
        #expect(F.problems("\n\n# peach-export-format:9\n") == [
            ReadProblem(line: 3, reason: "export format 9 is not supported; Peach reads formats 1, 2 and 3"),
        ])
        #expect(F.problems("# peach-export-format:3\n\"bad\"header\n" + F.comparisonRow(["referenceNote": "999"])) == [
            ReadProblem(line: 2, reason: "text after the closing quote of a quoted field"),
        ])
    }
}

@Suite("CSV import problems in a language")
struct CSVProblemTextTests {
    @Test("each problem in German at the same line, its values as the file has them")
    func german() throws {
        let error = try #require(#expect(throws: CSVImportError.self) {
            try HistoryCSV.parse(CSVFixture.file3([CSVFixture.matchingRow(), "pitchFoo" + String(repeating: ",", count: 18)]))
        })
        #expect(error.text(Texts(.german)) == "Zeile 4: unbekannter trainingType \"pitchFoo\"")
        #expect(error.description == "line 4: unknown trainingType \"pitchFoo\"")
        let empty = try #require(#expect(throws: CSVImportError.self) { try HistoryCSV.parse("") })
        #expect(empty.text(Texts(.german)) == "die Datei ist leer", "a problem of the whole file names no line 0")
    }
}
