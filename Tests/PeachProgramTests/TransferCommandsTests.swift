import Foundation
import PeachTestSupport
import PeachDomain
import PeachStorage
import Testing
@testable import PeachCommands

/// `peach export`, `peach import` and `peach history` through the real binary, on real files.
@Suite("export, import, history")
struct TransferCommandsTests {
    typealias History = HistoryCommandsTests.History

    static let binaryAvailable = HistoryCommandsTests.binaryAvailable

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try BuiltProgram.run(arguments)
    }

    /// A file as the iOS app writes it: format 3, whole seconds, no trailing newline, a rhythm row,
    /// a quoted field.
    static let iOSExport = """
        # peach-export-format:3
        trainingType,timestamp,referenceNote,referenceNoteName,targetNote,targetNoteName,interval,tuningSystem,centOffset,isCorrect,initialCentOffset,userCentError,tempoBPM,offsetMs,meanOffsetMs,meanOffsetMsPosition0,meanOffsetMsPosition1,meanOffsetMsPosition2,meanOffsetMsPosition3
        pitchDiscrimination,2026-03-05T14:03:07Z,60,C4,67,G4,P5,justIntonation,-12.5,false,,,,,,,,,
        rhythmOffsetDetection,2026-03-05T14:04:00Z,,,,,,,,true,,,120,15.0,,,,,
        pitchMatching,2026-03-05T14:05:10Z,57,A3,57,"A3",P1,equalTemperament,,,33.25,-4.0,,,,,,,
        """

    @Test("export → import into an empty history → export is byte-identical", .enabled(if: binaryAvailable))
    func roundTrip() throws {
        let first = History(), second = History()
        let store = try #require(try HistoryStore.open(DataLocation(directory: first.directory)))
        var random = SeededRandomGenerator(seed: 5)
        for i in 0..<200 {
            let reference = MIDINote(Int.random(in: 21...108, using: &random))
            let interval = DirectedInterval(Interval(rawValue: Int.random(in: 0...12, using: &random))!,
                                            Bool.random(using: &random) ? .up : .down)
            guard let target = reference.transposed(by: interval) else { continue }
            let time = Date(timeIntervalSince1970: 1_750_000_000 + Double(i) * 1.337)
            let tuning: TuningSystem = Bool.random(using: &random) ? .justIntonation : .equalTemperament
            if i % 3 == 0 {
                try store.save(MatchAnswer(referenceNote: reference, targetNote: target,
                                           initialCentOffset: Cents(Double.random(in: -100...100, using: &random)),
                                           userCentError: Cents(Double.random(in: -40...40, using: &random)),
                                           tuningSystem: tuning, timestamp: time)!)
            } else {
                try store.save(CompareAnswer(referenceNote: reference, targetNote: target,
                                             centOffset: Cents(Double.random(in: -100...100, using: &random)),
                                             isCorrect: Bool.random(using: &random), tuningSystem: tuning, timestamp: time)!)
            }
        }
        let exported = try Self.run(["export", "--data-dir", first.directory.path])
        #expect(exported.status == 0)
        try FileManager.default.createDirectory(at: second.directory, withIntermediateDirectories: true)
        let file = second.directory.appendingPathComponent("export.csv")
        try Data(exported.output.utf8).write(to: file)
        let imported = try Self.run(["import", file.path, "--data-dir", second.directory.path])
        #expect(imported.status == 0)
        let reexported = second.directory.appendingPathComponent("again.csv")
        #expect(try Self.run(["export", "--output", reexported.path, "--data-dir", second.directory.path]).status == 0)
        #expect(try String(contentsOf: reexported, encoding: .utf8) == exported.output)
        #expect(exported.output.split(separator: "\n").count == 202)
    }

    @Test("an iOS export of every kind: peach import keeps it all, peach export writes it back byte for byte",
          .enabled(if: binaryAvailable))
    func iOSRoundTrip() throws {
        let history = History(), second = History()
        try FileManager.default.createDirectory(at: history.directory, withIntermediateDirectories: true)
        let file = history.directory.appendingPathComponent("from-iphone.csv")
        try Data(IOSExportFixture.format3.utf8).write(to: file)
        let imported = try Self.run(["import", file.path, "--data-dir", history.directory.path])
        #expect(imported.status == 0)
        let said: String = "Imported 3 Hear & Compare answers and 2 Tune & Match answers from \(file.path) (format 3). Imported 7 "
            + "rhythm answers too (4 Compare Timing, 3 Fill the Gap), which the history keeps though Peach for Linux does not train them.\n"
        #expect(imported.output == said)
        let exported = try Self.run(["export", "--data-dir", history.directory.path])
        #expect(exported.status == 0)
        #expect(exported.output == IOSExportFixture.format3)
        let written = history.directory.appendingPathComponent("back.csv")
        #expect(try Self.run(["export", "--output", written.path, "--data-dir", history.directory.path]).status == 0)
        #expect(try Data(contentsOf: written) == Data(IOSExportFixture.format3.utf8))

        let again = try Self.run(["import", file.path, "--data-dir", history.directory.path])
        #expect(again.output.contains("Imported 0 Hear & Compare answers and 0 Tune & Match answers"))
        #expect(!again.output.contains("rhythm"))
        #expect(again.output.contains("Skipped 12 already stored"))
        #expect(try Self.run(["export", "--data-dir", history.directory.path]).output == IOSExportFixture.format3)

        // --replace into another history with other answers leaves exactly the file's.
        try second.fill()
        #expect(try Self.run(["import", written.path, "--replace", "--data-dir", second.directory.path]).status == 0)
        #expect(try Self.run(["export", "--data-dir", second.directory.path]).output == IOSExportFixture.format3)
    }

    @Test("a malformed rhythm row is refused at its line and column, and nothing of the file is imported",
          .enabled(if: binaryAvailable))
    func malformedRhythmRow() throws {
        let history = History()
        try history.fill()
        let before = try Self.run(["export", "--data-dir", history.directory.path]).output
        let lines = IOSExportFixture.format3.split(separator: "\n").map(String.init)
        var bad = lines
        bad[8] = bad[8].replacingOccurrences(of: ",120,", with: ",allegro,")
        bad[11] = bad[11].replacingOccurrences(of: ",-3.2,", with: ",-3.2ms,")
        let file = history.directory.appendingPathComponent("bad.csv")
        try Data(bad.joined(separator: "\n").utf8).write(to: file)
        let result = try Self.run(["import", file.path, "--data-dir", history.directory.path])
        #expect(result.status == 1)
        #expect(result.output.contains("nothing changed"))
        #expect(result.output.contains(
            "line 9: tempoBPM \"allegro\" is not a tempo (a whole number of beats per minute, 20–300)"), "\(result.output)")
        #expect(result.output.contains("line 12: meanOffsetMsPosition0 \"-3.2ms\" is not a number"), "\(result.output)")
        #expect(try Self.run(["export", "--data-dir", history.directory.path]).output == before)
    }

    @Test("older iOS files: format 2's rhythm rows import, and export in format 3", .enabled(if: binaryAvailable))
    func olderFormat() throws {
        let history = History()
        try FileManager.default.createDirectory(at: history.directory, withIntermediateDirectories: true)
        let file = history.directory.appendingPathComponent("format2.csv")
        try Data("""
            # peach-export-format:2
            trainingType,timestamp,referenceNote,referenceNoteName,targetNote,targetNoteName,interval,tuningSystem,\
            centOffset,isCorrect,initialCentOffset,userCentError,tempoBPM,offsetMs,userOffsetMs
            rhythmOffsetDetection,2026-03-05T14:03:20Z,,,,,,,,false,,,100,15.0,
            rhythmMatching,2026-03-05T14:03:40Z,,,,,,,,,,,100,,-7.5
            """.utf8).write(to: file)
        let imported = try Self.run(["import", file.path, "--data-dir", history.directory.path])
        #expect(imported.output.contains("Imported 2 rhythm answers too (1 Compare Timing, 1 Fill the Gap)"))
        let exported = try Self.run(["export", "--data-dir", history.directory.path]).output
        #expect(exported.hasSuffix("""
            rhythmOffsetDetection,2026-03-05T14:03:20Z,,,,,,,,false,,,100,15.0,,,,,
            continuousRhythmMatching,2026-03-05T14:03:40Z,,,,,,,,,,,100,,-7.5,,,,
            """))
    }

    @Test("an iOS export imports; importing it again adds nothing", .enabled(if: binaryAvailable))
    func importFromIOS() throws {
        let history = History()
        try FileManager.default.createDirectory(at: history.directory, withIntermediateDirectories: true)
        let file = history.directory.appendingPathComponent("from-iphone.csv")
        try Data(Self.iOSExport.utf8).write(to: file)
        let first = try Self.run(["import", file.path, "--data-dir", history.directory.path])
        #expect(first.status == 0)
        #expect(first.output.contains("Imported 1 Hear & Compare answer and 1 Tune & Match answer"))
        #expect(first.output.contains("Imported 1 rhythm answer too (1 Compare Timing, 0 Fill the Gap)"))
        let again = try Self.run(["import", file.path, "--data-dir", history.directory.path])
        #expect(again.output.contains("Imported 0 Hear & Compare answers and 0 Tune & Match answers"))
        #expect(again.output.contains("Skipped 3 already stored"))
        let stored = try #require(try HistoryStore.open(DataLocation(directory: history.directory)))
        let comparison = try #require(try stored.allCompareAnswers().first)
        #expect(comparison.interval == DirectedInterval(.perfectFifth, .up))
        #expect(comparison.tuningSystem == .justIntonation)
        #expect(comparison.centOffset == -12.5 && !comparison.isCorrect)
        #expect(try stored.allMatchAnswers().first?.userCentError == -4)
        #expect(try stored.allTimingAnswers().map(\.offsetMs) == [15])
    }

    @Test("a malformed file is refused with every bad line and changes nothing", .enabled(if: binaryAvailable))
    func malformed() throws {
        let history = History()
        try history.fill()
        let file = history.directory.appendingPathComponent("bad.csv")
        let lines = Self.iOSExport.split(separator: "\n").map(String.init)
        let bad = [lines[0], lines[1], lines[2],
                   lines[2].replacingOccurrences(of: ",60,C4,", with: ",130,C4,"),
                   lines[4].replacingOccurrences(of: "pitchMatching", with: "pitchFoo")].joined(separator: "\n")
        try Data(bad.utf8).write(to: file)
        let before = try Data(contentsOf: history.directory.appendingPathComponent("peach.sqlite"))
        let result = try Self.run(["import", file.path, "--replace", "--data-dir", history.directory.path])
        #expect(result.status == 1)
        #expect(result.output.contains("nothing changed"))
        #expect(result.output.contains("line 4:") && result.output.contains("130"))
        #expect(result.output.contains("line 5:") && result.output.contains("pitchFoo"))
        let counts = try #require(try HistoryStore.open(DataLocation(directory: history.directory))?.counts())
        #expect(counts.compareAnswers == 4 && counts.matchAnswers == 1)
        #expect(try Data(contentsOf: history.directory.appendingPathComponent("peach.sqlite")) == before)
    }

    @Test("import --replace of a file without answers refuses instead of emptying the history",
          .enabled(if: binaryAvailable))
    func replaceWithNothing() throws {
        let history = History()
        try history.fill()
        let file = history.directory.appendingPathComponent("no-answers.csv")
        let lines = Self.iOSExport.split(separator: "\n").map(String.init)
        try Data([lines[0], lines[1]].joined(separator: "\n").utf8).write(to: file)
        let result = try Self.run(["import", file.path, "--replace", "--data-dir", history.directory.path])
        #expect(result.status == 1)
        #expect(result.output.contains("peach reset"))
        let counts = try #require(try HistoryStore.open(DataLocation(directory: history.directory))?.counts())
        #expect(counts.compareAnswers == 4 && counts.matchAnswers == 1)
    }

    @Test("import of a missing file says so", .enabled(if: binaryAvailable))
    func missingFile() throws {
        let history = History()
        let result = try Self.run(["import", "/nonexistent/answers.csv", "--data-dir", history.directory.path])
        #expect(result.status == 1)
        #expect(result.output.contains("/nonexistent/answers.csv does not exist"))
    }

    @Test("history lists the latest answers newest first, as text or JSON with the CSV's field names",
          .enabled(if: binaryAvailable))
    func history() throws {
        let history = History()
        try history.fill()
        let text = try Self.run(["history", "--limit", "2", "--data-dir", history.directory.path])
        #expect(text.status == 0)
        let lines = text.output.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].contains("G4") && lines[0].contains("-6.00 ct"))
        let json = try Self.run(["history", "--json", "--data-dir", history.directory.path])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(objects.count == 5)
        #expect(objects[0]["trainingType"] as? String == "pitchDiscrimination")
        #expect(objects[0]["referenceNote"] as? Int == 67)
        #expect(objects[0]["centOffset"] as? Double == -6)
        #expect(objects[0]["isCorrect"] as? Bool == true)
        #expect(objects[0]["interval"] as? String == "P1")
        let matching = try #require(objects.first { $0["trainingType"] as? String == "pitchMatching" })
        #expect(matching["interval"] as? String == "P5")
        #expect(matching["tuningSystem"] as? String == "justIntonation")
        #expect(matching["userCentError"] as? Double == -8)
        #expect(matching["initialCentOffset"] as? Double == 30)
        #expect(matching["centOffset"] == nil)
        let timestamps = objects.compactMap { $0["timestamp"] as? String }
        #expect(timestamps == timestamps.sorted(by: >))
    }

    @Test("history lists rhythm answers among the others, as text and as JSON with the CSV's names",
          .enabled(if: binaryAvailable))
    func historyOfRhythm() throws {
        let history = History()
        try FileManager.default.createDirectory(at: history.directory, withIntermediateDirectories: true)
        let file = history.directory.appendingPathComponent("from-iphone.csv")
        try Data(IOSExportFixture.format3.utf8).write(to: file)
        #expect(try Self.run(["import", file.path, "--data-dir", history.directory.path]).status == 0)
        let text = try Self.run(["history", "--limit", "4", "--data-dir", history.directory.path])
        let lines = text.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].contains("compare") && lines[0].contains("-0.50 ct"))
        #expect(lines[1].contains("timing") && lines[1].contains("45 BPM") && lines[1].contains("+33.3 ms")
                && lines[1].hasSuffix("wrong"), "\(lines[1])")
        #expect(lines[2].contains("gap") && lines[2].contains("160 BPM") && lines[2].contains("0.0 ms"), "\(lines[2])")
        #expect(lines[3].contains("gap") && lines[3].contains("100 BPM") && lines[3].contains("+6.2 ms"), "\(lines[3])")
        // The tempo stands where a pitch answer's notes stand, the offset where its cents stand.
        let centsAt = lines[0].range(of: "-0.50 ct").map { lines[0].distance(from: lines[0].startIndex, to: $0.lowerBound) }
        let msAt = lines[1].range(of: "+33.3 ms").map { lines[1].distance(from: lines[1].startIndex, to: $0.lowerBound) }
        #expect(centsAt != nil && centsAt == msAt)

        let json = try Self.run(["history", "--json", "--limit", "12", "--data-dir", history.directory.path])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(objects.count == 12)
        let timing = try #require(objects.first { $0["trainingType"] as? String == "rhythmOffsetDetection" })
        #expect(timing["tempoBPM"] as? Int == 45 && timing["isCorrect"] as? Bool == false)
        #expect(timing["offsetMs"] as? Double == 100.0 / 3)
        #expect(timing["referenceNote"] == nil && timing["meanOffsetMs"] == nil)
        #expect(timing["timestamp"] as? String == "2026-03-04T21:00:59Z")
        let gap = try #require(objects.first { $0["trainingType"] as? String == "continuousRhythmMatching" })
        #expect(gap["tempoBPM"] as? Int == 160 && gap["meanOffsetMs"] as? Double == 0)
        #expect(gap["meanOffsetMsPosition0"] as? Double == -3.2 && gap["meanOffsetMsPosition3"] as? Double == 0)
        let partial = try #require(objects.first { $0["trainingType"] as? String == "continuousRhythmMatching"
            && $0["tempoBPM"] as? Int == 100 })
        #expect(partial["meanOffsetMsPosition1"] == nil && partial["meanOffsetMsPosition2"] as? Double == 1.5)
    }

    @Test("history --limit must be positive", .enabled(if: binaryAvailable))
    func limitValidation() throws {
        let result = try Self.run(["history", "--limit", "0"])
        #expect(result.status == 64)
        #expect(result.output.contains("--limit must be at least 1"))
        // A negative number is the option's value, not another option ("Missing value for '--limit'").
        let negative = try Self.run(["history", "--limit", "-1"])
        #expect(negative.status == 64)
        #expect(negative.output.contains("--limit must be at least 1, not -1"), "\(negative.output)")
        for (option, said) in [("--trials", "--trials must be at least 1"), ("--run-length", "--run-length must be at least 1"),
                               ("--days", "--days must be a positive number")] {
            let simulate = try Self.run(["simulate", "--listener", "/nonexistent.yaml", option, "-5"])
            #expect(simulate.status == 64)
            #expect(simulate.output.contains(said), "\(simulate.output)")
        }
    }
}
