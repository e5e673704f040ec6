import Foundation
import PeachDomain
import PeachTestSupport
import PeachText
import Testing
@testable import PeachStorage

@Suite("Rhythm rows of the iOS app (Compare Timing, Fill the Gap): read, written back exactly, refused when malformed")
struct RhythmRowsCSVTests {
    typealias F = CSVFixture
    /// After the fixtures' answers.
    static let now = Date(timeIntervalSince1970: 1_780_000_000)

    @Test("an iOS export of every kind imports and exports back byte for byte")
    func iOSRoundTrip() throws {
        let parsed = try HistoryCSV.parse(IOSExportFixture.format3, now: Self.now)
        let counts = IOSExportFixture.format3Counts
        #expect(parsed.compareAnswers.count == counts.compareAnswers && parsed.matchAnswers.count == counts.matchAnswers)
        #expect(parsed.timingAnswers.count == counts.timingAnswers && parsed.gapFillAnswers.count == counts.gapFillAnswers)
        let exported = HistoryCSV.export(compareAnswers: parsed.compareAnswers, matchAnswers: parsed.matchAnswers,
                                         timingAnswers: parsed.timingAnswers, gapFillAnswers: parsed.gapFillAnswers)
        #expect(exported == IOSExportFixture.format3)
        #expect(Array(exported.utf8) == Array(IOSExportFixture.format3.utf8))
    }

    @Test("the rhythm rows' values as the iOS app meant them")
    func values() throws {
        let parsed = try HistoryCSV.parse(IOSExportFixture.format3, now: Self.now)
        // 2026-03-01T09:20:30Z.
        let early = F.timing(80, -22.5, true, at: 1_772_356_830)
        #expect(parsed.timingAnswers.first == early)
        #expect(parsed.timingAnswers.map(\.tempo.rawValue) == [80, 120, 120, 45])
        #expect(parsed.timingAnswers.map(\.isCorrect) == [true, false, true, false])
        #expect(parsed.timingAnswers.last?.offsetMs == 100.0 / 3)
        let byPosition: [[Double?]] = [[nil, nil, nil, -115.0 / 24], [11, nil, 1.5, nil], [-3.2, 2.4, 0.8, 0]]
        #expect(parsed.gapFillAnswers.map(\.meanOffsetMsByPosition) == byPosition)
        let means: [Double] = [-115.0 / 24, 6.25, 0]
        #expect(parsed.gapFillAnswers.map(\.meanOffsetMs) == means)
        #expect(parsed.gapFillAnswers.map(\.tempo.rawValue) == [80, 100, 160])
    }

    @Test("rows of every kind are merged by time; at the same millisecond pitch before rhythm, Compare Timing before Fill the Gap")
    func mergeOrder() {
        let gap = F.gapFill(90, 1, at: F.t0)
        let timing = F.timing(90, 1, true, at: F.t0)
        let comparison = F.comparison(60, 60, 5, true, at: F.t0)
        let laterTiming = F.timing(60, -1, false, at: F.t0 + 1)
        let earlierGap = F.gapFill(60, -2, at: F.t0 - 1)
        let merged = HistoryCSV.merged(compareAnswers: [comparison], matchAnswers: [], timingAnswers: [laterTiming, timing],
                                       gapFillAnswers: [gap, earlierGap])
        #expect(merged == [.gapFill(earlierGap), .compare(comparison), .timing(timing), .gapFill(gap), .timing(laterTiming)])
        let text = HistoryCSV.export(compareAnswers: [comparison], matchAnswers: [], timingAnswers: [laterTiming, timing],
                                     gapFillAnswers: [gap, earlierGap])
        let types: [String] = text.split(separator: "\n").dropFirst(2).map { String($0.prefix { $0 != "," }) }
        #expect(types == ["continuousRhythmMatching", "pitchDiscrimination", "rhythmOffsetDetection",
                          "continuousRhythmMatching", "rhythmOffsetDetection"])
    }

    @Test("format 2 as the iOS app wrote it with 15 columns: rhythmMatching is Fill the Gap, its mean in userOffsetMs")
    func format2() throws {
        let text = """
            # peach-export-format:2
            trainingType,timestamp,referenceNote,referenceNoteName,targetNote,targetNoteName,interval,tuningSystem,\
            centOffset,isCorrect,initialCentOffset,userCentError,tempoBPM,offsetMs,userOffsetMs
            rhythmOffsetDetection,2026-03-05T14:03:20Z,,,,,,,,false,,,100,15.0,
            rhythmMatching,2026-03-05T14:03:40Z,,,,,,,,,,,100,,-7.5
            """
        let parsed = try HistoryCSV.parse(text, now: Self.now)
        #expect(parsed.timingAnswers == [F.timing(100, 15, false, at: F.t0 + 13)])
        #expect(parsed.gapFillAnswers == [F.gapFill(100, -7.5, at: F.t0 + 33)])
        // Written back in format 3, under the name the iOS app now uses.
        let exported = HistoryCSV.export(compareAnswers: [], matchAnswers: [], timingAnswers: parsed.timingAnswers,
                                         gapFillAnswers: parsed.gapFillAnswers)
        #expect(exported.hasSuffix("""
            rhythmOffsetDetection,2026-03-05T14:03:20Z,,,,,,,,false,,,100,15.0,,,,,
            continuousRhythmMatching,2026-03-05T14:03:40Z,,,,,,,,,,,100,,-7.5,,,,
            """))
    }

    @Test("format 2 as the iOS app wrote it with 20 columns: Fill the Gap rows by either name")
    func format2WithGapColumns() throws {
        let text = """
            # peach-export-format:2
            trainingType,timestamp,referenceNote,referenceNoteName,targetNote,targetNoteName,interval,tuningSystem,\
            centOffset,isCorrect,initialCentOffset,userCentError,tempoBPM,offsetMs,userOffsetMs,meanOffsetMs,\
            meanOffsetMsPosition0,meanOffsetMsPosition1,meanOffsetMsPosition2,meanOffsetMsPosition3
            pitchDiscrimination,2026-03-05T14:03:07Z,60,C4,64,E4,M3,equalTemperament,12.5,true,,,,,,,,,,
            rhythmOffsetDetection,2026-03-05T14:03:20Z,,,,,,,,true,,,200,-3.0,,,,,,
            rhythmMatching,2026-03-05T14:03:40Z,,,,,,,,,,,100,,-7.5,,,,,
            continuousRhythmMatching,2026-03-05T14:04:00Z,,,,,,,,,,,100,,,4.0,,2.0,,6.0
            """
        let parsed = try HistoryCSV.parse(text, now: Self.now)
        #expect(parsed.compareAnswers == [F.comparison(60, 64, 12.5, true, at: F.t0)])
        #expect(parsed.timingAnswers == [F.timing(200, -3, true, at: F.t0 + 13)])
        #expect(parsed.gapFillAnswers == [F.gapFill(100, -7.5, at: F.t0 + 33), F.gapFill(100, 4, [nil, 2, nil, 6], at: F.t0 + 53)])
    }

    /// The problems of a format 3 file whose third line is `row` (a valid row comes before it).
    private func problems(inRow row: String) -> [ReadProblem] {
        do {
            _ = try HistoryCSV.parse(F.file3([F.matchingRow(), row]), now: Self.now)
            return []
        } catch {
            return error.problems.map(ReadProblem.init)
        }
    }

    @Test("a bad tempo, number or boolean, or a missing cell, is a problem at its line naming its column")
    func malformed() {
        let tempo = { (value: String) in
            ReadProblem(line: 4, reason: "tempoBPM \"\(value)\" is not a tempo (a whole number of beats per minute, 20–300)")
        }
        for value in ["fast", "120.0", "19", "301", "-80", "99999999999999999999"] {
            #expect(problems(inRow: F.timingRow(["tempoBPM": value])) == [tempo(value)])
            #expect(problems(inRow: F.gapFillRow(["tempoBPM": value])) == [tempo(value)])
        }
        #expect(problems(inRow: F.timingRow(["tempoBPM": ""])) == [ReadProblem(line: 4, reason: "tempoBPM is missing")])
        #expect(problems(inRow: F.timingRow(["offsetMs": ""])) == [ReadProblem(line: 4, reason: "offsetMs is missing")])
        #expect(problems(inRow: F.timingRow(["offsetMs": "late"]))
                == [ReadProblem(line: 4, reason: "offsetMs \"late\" is not a number")])
        #expect(problems(inRow: F.timingRow(["offsetMs": "-1500"]))
                == [ReadProblem(line: 4, reason: "offsetMs -1500.0 is outside ±1000 ms")])
        #expect(problems(inRow: F.timingRow(["isCorrect": ""])) == [ReadProblem(line: 4, reason: "isCorrect is missing")])
        #expect(problems(inRow: F.timingRow(["isCorrect": "yes"]))
                == [ReadProblem(line: 4, reason: "isCorrect \"yes\" is not true or false")])
        #expect(problems(inRow: F.timingRow(["timestamp": ""])) == [ReadProblem(line: 4, reason: "timestamp is missing")])
        #expect(problems(inRow: F.gapFillRow(["meanOffsetMs": ""])) == [ReadProblem(line: 4, reason: "meanOffsetMs is missing")])
        #expect(problems(inRow: F.gapFillRow(["meanOffsetMsPosition2": "x"]))
                == [ReadProblem(line: 4, reason: "meanOffsetMsPosition2 \"x\" is not a number")])
        #expect(problems(inRow: F.gapFillRow(["meanOffsetMsPosition0": "nan"]))
                == [ReadProblem(line: 4, reason: "meanOffsetMsPosition0 \"nan\" is not a finite number")])
        #expect(problems(inRow: F.gapFillRow(["meanOffsetMsPosition3": "1000.5"]))
                == [ReadProblem(line: 4, reason: "meanOffsetMsPosition3 1000.5 is outside ±1000 ms")])
        // Every problem of the row, each naming its column.
        #expect(problems(inRow: F.timingRow(["tempoBPM": "0", "offsetMs": "x", "isCorrect": ""])).map(\.reason) == [
            "tempoBPM \"0\" is not a tempo (a whole number of beats per minute, 20–300)",
            "offsetMs \"x\" is not a number", "isCorrect is missing",
        ])
        // Format 2's name has no userOffsetMs column in format 3.
        #expect(problems(inRow: F.gapFillRow(["trainingType": "rhythmMatching"]))
                == [ReadProblem(line: 4, reason: "unknown trainingType \"rhythmMatching\"")])
        #expect(problems(inRow: F.gapFillRow(["trainingType": "rhythmFoo"]))
                == [ReadProblem(line: 4, reason: "unknown trainingType \"rhythmFoo\"")])
    }

    @Test("the limits themselves, and empty means of gap positions, import")
    func limits() {
        #expect(problems(inRow: F.timingRow(["tempoBPM": "20", "offsetMs": "-1000"])).isEmpty)
        #expect(problems(inRow: F.gapFillRow(["tempoBPM": "300", "meanOffsetMs": "1000.0", "meanOffsetMsPosition1": ""])).isEmpty)
    }

    @Test("a rhythm row's problem in German, at the same line")
    func german() throws {
        do {
            _ = try HistoryCSV.parse(F.file3([F.matchingRow(), F.timingRow(["tempoBPM": "abc"])]), now: Self.now)
            Issue.record("a bad tempo was imported")
        } catch {
            #expect(error.text(Texts(.german)) == "Zeile 4: tempoBPM \"abc\" ist kein Tempo (eine ganze Zahl Schläge pro Minute, 20–300)")
        }
    }
}
