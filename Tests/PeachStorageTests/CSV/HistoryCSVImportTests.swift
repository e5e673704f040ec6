import Foundation
import PeachDomain
import Testing
@testable import PeachStorage

@Suite("CSV import of files as the iOS app writes them (formats 1, 2, 3)")
struct HistoryCSVImportTests {
    typealias F = CSVFixture

    static let expectedComparison = F.comparison(60, 64, 12.5, true, at: F.t0)
    static let expectedMatching = F.matching(57, 57, initial: -37.5, error: 4.25, .justIntonation, at: F.t0 + 53)

    @Test("format 3: whole seconds, rhythm rows read, no line break after the last line")
    func format3() throws {
        let text = """
            # peach-export-format:3
            trainingType,timestamp,referenceNote,referenceNoteName,targetNote,targetNoteName,interval,tuningSystem,\
            centOffset,isCorrect,initialCentOffset,userCentError,tempoBPM,offsetMs,meanOffsetMs,meanOffsetMsPosition0,\
            meanOffsetMsPosition1,meanOffsetMsPosition2,meanOffsetMsPosition3
            pitchDiscrimination,2026-03-05T14:03:07Z,60,C4,64,E4,M3,equalTemperament,12.5,true,,,,,,,,,
            rhythmOffsetDetection,2026-03-05T14:03:30Z,,,,,,,,true,,,120,-12.5,,,,,
            pitchMatching,2026-03-05T14:04:00Z,57,A3,57,A3,P1,justIntonation,,,-37.5,4.25,,,,,,,
            pitchDiscrimination,2026-03-05T14:04:10Z,72,C5,65,F4,P5,justIntonation,-0.8,false,,,,,,,,,
            continuousRhythmMatching,2026-03-05T14:05:00Z,,,,,,,,,,,90,,3.5,1.0,2.0,-4.0,5.5
            """
        #expect(!text.hasSuffix("\n"))
        let result = try HistoryCSV.parse(text)
        #expect(result.formatVersion == 3)
        #expect(result.compareAnswers == [
            Self.expectedComparison, F.comparison(72, 65, -0.8, false, .justIntonation, at: F.t0 + 63),
        ])
        #expect(result.compareAnswers[1].interval == DirectedInterval(.perfectFifth, .down))
        #expect(result.matchAnswers == [Self.expectedMatching])
        #expect(result.timingAnswers == [F.timing(120, -12.5, true, at: F.t0 + 23)])
        #expect(result.gapFillAnswers == [F.gapFill(90, 3.5, [1, 2, -4, 5.5], at: F.t0 + 113)])
    }

    @Test("format 2: 15 columns; rhythmOffsetDetection rows are Compare Timing, rhythmMatching rows Fill the Gap")
    func format2() throws {
        let text = """
            # peach-export-format:2
            trainingType,timestamp,referenceNote,referenceNoteName,targetNote,targetNoteName,interval,tuningSystem,\
            centOffset,isCorrect,initialCentOffset,userCentError,tempoBPM,offsetMs,userOffsetMs
            pitchDiscrimination,2026-03-05T14:03:07Z,60,C4,64,E4,M3,equalTemperament,12.5,true,,,,,
            rhythmOffsetDetection,2026-03-05T14:03:20Z,,,,,,,,false,,,100,15.0,
            rhythmMatching,2026-03-05T14:03:40Z,,,,,,,,,,,100,,-7.5
            pitchMatching,2026-03-05T14:04:00Z,57,A3,57,A3,P1,justIntonation,,,-37.5,4.25,,,
            rhythmMatching,2026-03-05T14:04:30Z,,,,,,,,,,,80,,2.0
            """
        let result = try HistoryCSV.parse(text)
        #expect(result.formatVersion == 2)
        #expect(result.compareAnswers == [Self.expectedComparison])
        #expect(result.matchAnswers == [Self.expectedMatching])
        #expect(result.timingAnswers == [F.timing(100, 15, false, at: F.t0 + 13)])
        #expect(result.gapFillAnswers == [F.gapFill(100, -7.5, at: F.t0 + 33), F.gapFill(80, 2, at: F.t0 + 83)])
    }

    @Test("format 1: 12 columns, comparisons called pitchComparison")
    func format1() throws {
        let text = """
            # peach-export-format:1
            trainingType,timestamp,referenceNote,referenceNoteName,targetNote,targetNoteName,interval,tuningSystem,\
            centOffset,isCorrect,initialCentOffset,userCentError
            pitchComparison,2026-03-05T14:03:07Z,60,C4,64,E4,M3,equalTemperament,12.5,true,,
            pitchMatching,2026-03-05T14:04:00Z,57,A3,57,A3,P1,justIntonation,,,-37.5,4.25
            """
        let result = try HistoryCSV.parse(text)
        #expect(result.formatVersion == 1)
        #expect(result.compareAnswers == [Self.expectedComparison])
        #expect(result.matchAnswers == [Self.expectedMatching])
        #expect(result.timingAnswers.isEmpty && result.gapFillAnswers.isEmpty)
    }

    @Test("format 1 with its columns in another order is read by column name")
    func format1Reordered() throws {
        let text = """
            # peach-export-format:1
            userCentError,isCorrect,timestamp,targetNoteName,targetNote,interval,trainingType,referenceNote,\
            referenceNoteName,tuningSystem,initialCentOffset,centOffset
            ,true,2026-03-05T14:03:07Z,E4,64,M3,pitchComparison,60,C4,equalTemperament,,12.5
            4.25,,2026-03-05T14:04:00Z,A3,57,P1,pitchMatching,57,A3,justIntonation,-37.5,

            """
        let result = try HistoryCSV.parse(text)
        #expect(result.compareAnswers == [Self.expectedComparison])
        #expect(result.matchAnswers == [Self.expectedMatching])
    }

    @Test("format 2 with its columns in another order, without the note-name columns")
    func format2Reordered() throws {
        let text = """
            # peach-export-format:2
            timestamp,trainingType,tempoBPM,userOffsetMs,offsetMs,tuningSystem,interval,targetNote,referenceNote,\
            userCentError,initialCentOffset,isCorrect,centOffset
            2026-03-05T14:03:07Z,pitchDiscrimination,,,,equalTemperament,M3,64,60,,,true,12.5
            2026-03-05T14:03:30Z,rhythmMatching,120,-3.5,,,,,,,,,
            2026-03-05T14:04:00Z,pitchMatching,,,,justIntonation,P1,57,57,4.25,-37.5,,
            """
        let result = try HistoryCSV.parse(text)
        #expect(result.compareAnswers == [Self.expectedComparison])
        #expect(result.matchAnswers == [Self.expectedMatching])
        #expect(result.gapFillAnswers == [F.gapFill(120, -3.5, at: F.t0 + 23)])
    }

    @Test("\\r\\n line endings, with and without a final one")
    func crlf() throws {
        let lines = ["# peach-export-format:3", F.header3, F.comparisonRow(), F.matchingRow()]
        for text in [lines.joined(separator: "\r\n"), lines.joined(separator: "\r\n") + "\r\n"] {
            let result = try HistoryCSV.parse(text)
            #expect(result.compareAnswers == [Self.expectedComparison])
            #expect(result.matchAnswers == [Self.expectedMatching])
        }
    }

    @Test("quoted fields, a byte order mark, blank lines, and an Excel-padded metadata line")
    func quotedAndOddlySaved() throws {
        let quotedHeader: String = F.header3.split(separator: ",").map { "\"\($0)\"" }.joined(separator: ",")
        let lines: [String] = [
            "\u{FEFF}# peach-export-format:3,,,,,,,,,,,,,,,,,,", quotedHeader, "",
            "\"pitchDiscrimination\",\"2026-03-05T14:03:07Z\",60,\"C4\",64,E4,M3,equalTemperament,\"12.5\",TRUE,\"\",,,,,,,,",
            "   ", F.matchingRow(), "", "",
        ]
        let text = lines.joined(separator: "\r\n")
        let result = try HistoryCSV.parse(text)
        #expect(result.compareAnswers == [Self.expectedComparison])
        #expect(result.matchAnswers == [Self.expectedMatching])
    }

    @Test("a quoted line break in a column a row does not read spans two lines and the next rows still read")
    func quotedLineBreak() throws {
        let text = F.file3([
            F.comparisonRow(["meanOffsetMs": "\"a\nnote, with \"\"quotes\"\"\""]),
            F.matchingRow(),
        ])
        let result = try HistoryCSV.parse(text)
        #expect(result.compareAnswers == [Self.expectedComparison])
        #expect(result.matchAnswers == [Self.expectedMatching])
    }

    @Test("timestamps with fractions and offsets; formatVersion and file order")
    func timestampsAndOrder() throws {
        let text = F.file3([
            F.matchingRow(["timestamp": "2026-03-05T15:04:00.5+01:00"]),
            F.comparisonRow(["timestamp": "2026-03-05T14:03:07.250000Z"]),
            F.comparisonRow(["timestamp": "2026-03-05T14:03:06.75+00:00"]),
        ])
        let result = try HistoryCSV.parse(text)
        #expect(result.compareAnswers.map(\.timestamp) == [F.t0 + 0.25, F.t0 - 0.25].map(Date.init(timeIntervalSince1970:)))
        #expect(result.matchAnswers.map(\.timestamp) == [Date(timeIntervalSince1970: F.t0 + 53.5)])
    }

    @Test("the two header lines alone are a valid, empty file")
    func headersOnly() throws {
        for text in ["# peach-export-format:3\n" + F.header3, "# peach-export-format:1\n" + F.header1 + "\n\n"] {
            let result = try HistoryCSV.parse(text)
            #expect(result.isEmpty)
        }
    }

    @Test("every interval, both directions, both tuning systems, all 128 notes import")
    func everyInterval() throws {
        var rows: [String] = []
        var expected: [CompareAnswer] = []
        for reference in 0...127 {
            for semitones in -12...12 {
                guard let target = MIDINote(validating: reference + semitones) else { continue }
                let tuning: TuningSystem = (reference + semitones).isMultiple(of: 2) ? .justIntonation : .equalTemperament
                let interval = Interval(rawValue: abs(semitones))!.abbreviation
                rows.append(F.comparisonRow([
                    "referenceNote": "\(reference)", "referenceNoteName": MIDINote(reference).name,
                    "targetNote": "\(target.rawValue)", "targetNoteName": target.name,
                    "interval": interval, "tuningSystem": tuning.rawValue,
                ]))
                expected.append(F.comparison(reference, target.rawValue, 12.5, true, tuning, at: F.t0))
            }
        }
        let result = try HistoryCSV.parse(F.file3(rows))
        #expect(result.compareAnswers == expected)
    }
}
