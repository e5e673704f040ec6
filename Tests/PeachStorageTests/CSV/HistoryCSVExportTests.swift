import Foundation
import PeachDomain
import Testing
@testable import PeachStorage

@Suite("CSV export (format 3) and the export → import → export round trip")
struct HistoryCSVExportTests {
    typealias F = CSVFixture

    @Test("known records give exactly the expected text")
    func knownRecords() {
        let compareAnswers = [
            F.comparison(72, 60, 100, true, at: 1_772_755_200.999), // P8 down, given first but latest
            F.comparison(60, 60, 12.5, true, at: F.t0 + 0.25),
            F.comparison(69, 65, -3, false, .justIntonation, at: F.t0 + 2.001), // M3 down
        ]
        let matchAnswers = [
            F.matching(61, 51, initial: 1e-05, error: -0.5, at: F.t0 + 2.001), // m7 down, same instant as a comparison
            F.matching(60, 67, initial: -42, error: 3.25, .justIntonation, at: F.t0 + 1),
        ]
        let expected = """
            # peach-export-format:3
            trainingType,timestamp,referenceNote,referenceNoteName,targetNote,targetNoteName,interval,tuningSystem,\
            centOffset,isCorrect,initialCentOffset,userCentError,tempoBPM,offsetMs,meanOffsetMs,meanOffsetMsPosition0,\
            meanOffsetMsPosition1,meanOffsetMsPosition2,meanOffsetMsPosition3
            pitchDiscrimination,2026-03-05T14:03:07.250Z,60,C4,60,C4,P1,equalTemperament,12.5,true,,,,,,,,,
            pitchMatching,2026-03-05T14:03:08Z,60,C4,67,G4,P5,justIntonation,,,-42.0,3.25,,,,,,,
            pitchDiscrimination,2026-03-05T14:03:09.001Z,69,A4,65,F4,M3,justIntonation,-3.0,false,,,,,,,,,
            pitchMatching,2026-03-05T14:03:09.001Z,61,C#4,51,D#3,m7,equalTemperament,,,0.00001,-0.5,,,,,,,
            pitchDiscrimination,2026-03-06T00:00:00.999Z,72,C5,60,C4,P8,equalTemperament,100.0,true,,,,,,,,,
            """
        #expect(HistoryCSV.export(compareAnswers: compareAnswers, matchAnswers: matchAnswers) == expected)
    }

    @Test("no records: the two header lines, no line break after the last, as the iOS app writes them")
    func empty() throws {
        let text = HistoryCSV.export(compareAnswers: [], matchAnswers: [])
        #expect(text == "# peach-export-format:3\n" + F.header3)
        let result = try HistoryCSV.parse(text)
        #expect(result.isEmpty)
        #expect(result.formatVersion == 3)
    }

    @Test("a field is quoted only when it holds a comma, a quote or a line break")
    func escaping() {
        #expect(HistoryCSV.escaped("plain") == "plain")
        #expect(HistoryCSV.escaped("") == "")
        #expect(HistoryCSV.escaped("a,b") == "\"a,b\"")
        #expect(HistoryCSV.escaped("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(HistoryCSV.escaped("two\nlines") == "\"two\nlines\"")
        #expect(HistoryCSV.escaped("cr\r") == "\"cr\r\"")
    }

    @Test("export → parse → export is byte-identical on 400 varied random records, and parse gives them back")
    func roundTrip() throws {
        var generator = SeededRandomGenerator(seed: 2026)
        var compareAnswers: [CompareAnswer] = []
        var matchAnswers: [MatchAnswer] = []
        var previousTimestamp = Date(timeIntervalSince1970: F.t0)
        for _ in 0..<400 {
            let reference = Int.random(in: 0...127, using: &generator)
            let target = min(127, max(0, reference + Int.random(in: -12...12, using: &generator)))
            let tuning = TuningSystem.allCases.randomElement(using: &generator)!
            let timestamp = Self.randomTimestamp(previous: previousTimestamp, using: &generator)
            previousTimestamp = timestamp
            if Bool.random(using: &generator) {
                compareAnswers.append(CompareAnswer(
                    referenceNote: MIDINote(reference), targetNote: MIDINote(target),
                    centOffset: Cents(Self.randomCents(using: &generator)), isCorrect: Bool.random(using: &generator),
                    tuningSystem: tuning, timestamp: timestamp)!)
            } else {
                matchAnswers.append(MatchAnswer(
                    referenceNote: MIDINote(reference), targetNote: MIDINote(target),
                    initialCentOffset: Cents(Self.randomCents(using: &generator)),
                    userCentError: Cents(Self.randomCents(using: &generator)), tuningSystem: tuning, timestamp: timestamp)!)
            }
        }
        // Both kinds, both tuning systems, up and down intervals, and shared timestamps are in the set.
        #expect(compareAnswers.count > 150 && matchAnswers.count > 150)
        #expect(Set(compareAnswers.map(\.interval.direction)).count == 2)
        #expect(Set(matchAnswers.map(\.tuningSystem)).count == 2)

        let first = HistoryCSV.export(compareAnswers: compareAnswers, matchAnswers: matchAnswers)
        let imported = try HistoryCSV.parse(first, now: Date(timeIntervalSince1970: 4_102_444_800))
        let second = HistoryCSV.export(compareAnswers: imported.compareAnswers, matchAnswers: imported.matchAnswers)
        #expect(second == first)
        #expect(first.split(separator: "\n").count == 402)
        #expect(!first.hasSuffix("\n"))
        #expect(imported.formatVersion == 3 && imported.timingAnswers.isEmpty && imported.gapFillAnswers.isEmpty)

        // The records themselves come back, in export order, with timestamps rounded to the millisecond.
        var expectedComparisons: [CompareAnswer] = []
        var expectedMatchings: [MatchAnswer] = []
        for record in HistoryCSV.merged(compareAnswers: compareAnswers, matchAnswers: matchAnswers) {
            switch record {
            case .compare(let comparison):
                expectedComparisons.append(comparison.at(HistoryCSV.roundedToMilliseconds(comparison.timestamp)))
            case .match(let matching):
                expectedMatchings.append(matching.at(HistoryCSV.roundedToMilliseconds(matching.timestamp)))
            case .timing, .gapFill:
                Issue.record("no rhythm answer was given")
            }
        }
        #expect(imported.compareAnswers == expectedComparisons)
        #expect(imported.matchAnswers == expectedMatchings)
        // Cents survive bit for bit, -0.0 included.
        #expect(imported.compareAnswers.map(\.centOffset.rawValue.bitPattern)
                == expectedComparisons.map(\.centOffset.rawValue.bitPattern))
        #expect(imported.matchAnswers.map(\.userCentError.rawValue.bitPattern)
                == expectedMatchings.map(\.userCentError.rawValue.bitPattern))
    }

    @Test("records are merged by time, comparisons first at the same millisecond, else in the given order")
    func mergeOrder() {
        let c1 = F.comparison(60, 61, 1, true, at: F.t0 + 5)
        let c2 = F.comparison(60, 62, 2, true, at: F.t0 + 1)
        let c3 = F.comparison(60, 63, 3, true, at: F.t0 + 5.0002) // the same millisecond as c1 once written
        let m1 = F.matching(60, 64, initial: 4, error: 0, at: F.t0 + 5.0001)
        let m2 = F.matching(60, 65, initial: 5, error: 0, at: F.t0)
        let merged = HistoryCSV.merged(compareAnswers: [c1, c2, c3], matchAnswers: [m1, m2])
        #expect(merged == [.match(m2), .compare(c2), .compare(c1), .compare(c3), .match(m1)])
        #expect(merged.map(\.timestamp) == [m2.timestamp, c2.timestamp, c1.timestamp, c3.timestamp, m1.timestamp])
    }

    /// Mostly increasing, sometimes equal to the previous one, sometimes anywhere from 1950 to 2100;
    /// fractions finer than a millisecond.
    private static func randomTimestamp(previous: Date, using generator: inout SeededRandomGenerator) -> Date {
        switch Int.random(in: 0..<10, using: &generator) {
        case 0: previous
        // Any plausible time: 2000 to 2100 (the import is told it is 2100).
        case 1: Date(timeIntervalSince1970: Double.random(in: 946_684_800...4_102_444_800, using: &generator))
        case 2: previous.addingTimeInterval(Double(Int.random(in: 0...5, using: &generator)) / 1000)
        default: previous.addingTimeInterval(Double.random(in: 0...90_000, using: &generator))
        }
    }

    /// Full-precision, one-decimal, whole, tiny, large (up to the ±1200 an import accepts), signed zero and subnormal values.
    private static func randomCents(using generator: inout SeededRandomGenerator) -> Double {
        switch Int.random(in: 0..<10, using: &generator) {
        case 0: (Double.random(in: -100...100, using: &generator) * 10).rounded() / 10
        case 1: Double(Int.random(in: -100...100, using: &generator))
        case 2: Double.random(in: -1e-3...1e-3, using: &generator) * pow(10, -Double(Int.random(in: 0...20, using: &generator)))
        case 3: Double.random(in: -1.2...1.2, using: &generator) * pow(10, Double(Int.random(in: 1...3, using: &generator)))
        case 4: [0.0, -0.0, Double.leastNonzeroMagnitude, -2.2250738585072014e-308, 0.1, 1e-05][Int.random(in: 0..<6, using: &generator)]
        default: Double.random(in: -100...100, using: &generator)
        }
    }
}
