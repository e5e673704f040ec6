import Foundation
import PeachTestSupport
import PeachDomain
import PeachStorage
import Testing
@testable import PeachCommands

/// `peach profile` and `peach reset` against real histories in temporary directories,
/// through the real binary.
@Suite("history commands")
struct HistoryCommandsTests {
    final class History {
        let directory: URL
        init() {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("peach-cli-\(UUID().uuidString)")
        }
        deinit { try? FileManager.default.removeItem(at: directory) }

        func fill() throws {
            let store = try #require(try HistoryStore.open(DataLocation(directory: directory)))
            let base = Date().addingTimeInterval(-3600)
            for (i, (note, offset)) in [(60, 10.0), (60, 20.0), (62, 4.0), (67, -6.0)].enumerated() {
                try store.save(CompareAnswer(referenceNote: MIDINote(note), targetNote: MIDINote(note),
                                             centOffset: Cents(offset), isCorrect: true, tuningSystem: .equalTemperament,
                                             timestamp: base.addingTimeInterval(Double(i)))!)
            }
            try store.save(MatchAnswer(referenceNote: MIDINote(60), targetNote: MIDINote(67), initialCentOffset: 30,
                                       userCentError: -8, tuningSystem: .justIntonation, timestamp: base)!)
        }
    }

    static let binaryAvailable = FileManager.default.isExecutableFile(atPath: BuiltProgram.peach.path)

    @Test("profile --json has the documented shape, nulls where there is no data", .enabled(if: binaryAvailable))
    func profileJSON() throws {
        let history = History()
        try history.fill()
        let result = try BuiltProgram.run(["profile", "--json", "--data-dir", history.directory.path])
        #expect(result.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let comparison = try #require(document["comparison"] as? [String: Any])
        let notes = try #require(comparison["notes"] as? [[String: Any]])
        #expect(notes.map { $0["name"] as? String } == ["C4", "D4", "G4"])
        #expect(notes.first?["mean"] as? Double == 15)
        #expect(notes.first?["count"] as? Int == 2)
        #expect(notes[1]["stdDev"] is NSNull)
        let expectedOverallMean: Double = (15.0 + 4.0 + 6.0) / 3.0
        #expect(comparison["overallMean"] as? Double == expectedOverallMean)
        let matching = try #require(document["matching"] as? [String: Any])
        #expect(matching["mean"] as? Double == 8)
        #expect(matching["stdDev"] is NSNull)
        #expect(matching["count"] as? Int == 1)
        let modes = try #require(document["modes"] as? [[String: Any]])
        #expect(modes.map { $0["mode"] as? String } == ["compare", "compare-intervals", "match", "match-intervals", "compare-timing",
                                                     "fill-the-gap"])
        #expect(modes[0]["count"] as? Int == 4)
        #expect(modes[1]["ewma"] is NSNull)
        #expect(modes[3]["ewma"] as? Double == 8)
        #expect(modes[0]["trend"] is NSNull)   // fewer than 20 answers
        #expect(modes[0]["trendChange"] is NSNull)
        #expect(modes[0]["threshold"] is NSNull)   // four answers: not enough for a threshold
        let keys = try #require(modes[0]["notes"] as? [[String: Any]])
        #expect(keys.count == 49 && keys.first?["name"] as? String == "C2" && keys.last?["note"] as? Int == 84)
        #expect(keys[24]["count"] as? Int == 2 && keys[25]["count"] as? Int == 0)   // C4, C#4
        #expect(keys.allSatisfy { $0["threshold"] is NSNull })
        #expect(modes[2]["notes"] == nil && modes[2]["threshold"] is NSNull)
    }

    @Test("profile of a missing history says there is nothing yet and creates nothing", .enabled(if: binaryAvailable))
    func profileEmpty() throws {
        let history = History()
        try FileManager.default.createDirectory(at: history.directory, withIntermediateDirectories: true)
        let result = try BuiltProgram.run(["profile", "--data-dir", history.directory.path])
        #expect(result.status == 0)
        #expect(result.output.contains("no answers yet"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: history.directory.path).isEmpty)
    }

    @Test("profile with a --data-dir that does not exist says so (a typo is not an empty history), creating nothing",
          .enabled(if: binaryAvailable))
    func profileMissingDirectory() throws {
        let history = History()
        let result = try BuiltProgram.run(["profile", "--data-dir", history.directory.path])
        #expect(result.status == 1)
        #expect(result.output.contains("there is no directory"))
        #expect(!FileManager.default.fileExists(atPath: history.directory.path))
    }

    @Test("a damaged history is reported with its path, exit 1, and left alone", .enabled(if: binaryAvailable))
    func damagedHistory() throws {
        let history = History()
        try FileManager.default.createDirectory(at: history.directory, withIntermediateDirectories: true)
        let file = history.directory.appendingPathComponent("peach.sqlite")
        try Data("not a database at all, just text".utf8).write(to: file)
        let result = try BuiltProgram.run(["profile", "--data-dir", history.directory.path])
        #expect(result.status == 1)
        #expect(result.output.contains("\(file.path) is not an SQLite database"))
        #expect(try Data(contentsOf: file) == Data("not a database at all, just text".utf8))
    }

    @Test("reset without a terminal needs --yes; with it the history is empty", .enabled(if: binaryAvailable))
    func reset() throws {
        let history = History()
        try history.fill()
        let refused = try BuiltProgram.run(["reset", "--data-dir", history.directory.path])
        #expect(refused.status == 1)
        #expect(refused.output.contains("add --yes"))
        let location = DataLocation(directory: history.directory)
        #expect(try HistoryStore.open(location)?.counts().compareAnswers == 4)
        let done = try BuiltProgram.run(["reset", "--yes", "--data-dir", history.directory.path])
        #expect(done.status == 0)
        #expect(done.output.contains("Deleted 4 Hear & Compare answers and 1 Tune & Match answer."))
        let counts = try #require(try HistoryStore.open(location)?.counts())
        #expect(counts.compareAnswers == 0 && counts.matchAnswers == 0)
    }

    @Test("reset deletes the rhythm answers too, and says how many", .enabled(if: binaryAvailable))
    func resetRhythm() throws {
        let history = History()
        try history.fill()
        let location = DataLocation(directory: history.directory)
        let store = try #require(try HistoryStore.open(location))
        let tempo = try #require(TempoBPM(validating: 90))
        let gap = try #require(GapFillAnswer(tempo: tempo, meanOffsetMs: -2, timestamp: Date().addingTimeInterval(-30)))
        _ = try store.importRecords(
            compareAnswers: [], matchAnswers: [],
            timingAnswers: [TimingAnswer(tempo: tempo, offsetMs: 5, isCorrect: true, timestamp: Date().addingTimeInterval(-60))],
            gapFillAnswers: [gap], mode: .merge)
        try store.close()
        let refused = try BuiltProgram.run(["reset", "--data-dir", history.directory.path])
        #expect(refused.output.contains("refusing to delete 7 answers"), "\(refused.output)")
        let done = try BuiltProgram.run(["reset", "--yes", "--data-dir", history.directory.path])
        #expect(done.output.contains("Deleted 4 Hear & Compare answers, 1 Tune & Match answer and 2 rhythm answers."), "\(done.output)")
        #expect(try HistoryStore.open(location)?.counts() == AnswerCounts())
    }
}
