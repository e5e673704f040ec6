import Foundation
import PeachDomain
import Testing
@testable import PeachStorage

@Suite("Streaming import: pieces of any size, one all-or-nothing transaction")
struct CSVStreamingImportTests {
    typealias F = CSVFixture
    static let now = Date(timeIntervalSince1970: 1_772_798_400)

    /// A file with a BOM, CRLF line breaks, and rows of every kind.
    static let file = "\u{FEFF}" + F.file3([
        F.comparisonRow(), F.timingRow(), F.matchingRow(), F.gapFillRow(),
        F.comparisonRow(["timestamp": "2026-03-05T14:05:00Z", "targetNote": "67", "targetNoteName": "G4", "interval": "P5"]),
    ]).replacingOccurrences(of: "\n", with: "\r\n")

    static func records(of text: String, pieceSize: Int) throws -> [Answer] {
        var stream = CSVImportStream(now: now)
        var records: [Answer] = []
        let bytes = Array(text.utf8)
        for start in stride(from: 0, to: bytes.count, by: pieceSize) {
            bytes[start..<min(start + pieceSize, bytes.count)].withUnsafeBufferPointer { piece in
                stream.feed(piece) { records.append($0) }
            }
        }
        _ = try stream.finish { records.append($0) }
        return records
    }

    @Test("every piece size gives the records the whole file gives", arguments: [1, 2, 3, 7, 64, 100_000])
    func pieces(pieceSize: Int) throws {
        let whole = try HistoryCSV.parse(Self.file, now: Self.now)
        let expected = whole.answers
        #expect(whole.compareAnswers.count == 2 && whole.matchAnswers.count == 1)
        #expect(whole.timingAnswers.count == 1 && whole.gapFillAnswers.count == 1)
        #expect(Set(try Self.records(of: Self.file, pieceSize: pieceSize)) == Set(expected))
    }

    @Test("a bad row at the end undoes the rows written before it; every problem is listed")
    func allOrNothing() throws {
        let directory = TemporaryDirectory()
        let store = try #require(try HistoryStore.open(directory.location))
        try store.save(SampleRecords.comparison(60, 60, offset: 1, at: 1_772_000_000))
        let rows = (0..<500).map { i in
            F.comparisonRow(["timestamp": CSVTimestamp.format(Date(timeIntervalSince1970: 1_772_000_100 + Double(i)))])
        } + [F.comparisonRow(["centOffset": "99999"])]
        let file = directory.url.appendingPathComponent("answers.csv")
        try Data(F.file3(rows).utf8).write(to: file)
        do {
            _ = try store.importCSV(file, mode: .replace, now: Self.now, pieceSize: 4096)
            Issue.record("a file with a bad row was imported")
        } catch let error as CSVImportError {
            #expect(error.problems.map(\.line) == [503])
        }
        #expect(try store.counts().compareAnswers == 1, "the history is as it was")

        try Data(F.file3(Array(rows.dropLast())).utf8).write(to: file)
        let result = try store.importCSV(file, mode: .merge, now: Self.now, pieceSize: 4096)
        #expect(result.summary.compareAnswersAdded == 500)
        let again = try store.importCSV(file, mode: .merge, now: Self.now, pieceSize: 4096)
        #expect(again.summary.duplicatesSkipped == 500 && again.summary.compareAnswersAdded == 0)
    }

    @Test("--replace with a file of no answers changes nothing")
    func replaceWithNothing() throws {
        let directory = TemporaryDirectory()
        let store = try #require(try HistoryStore.open(directory.location))
        try store.save(SampleRecords.comparison(60, 60, offset: 1, at: 1_772_000_000))
        let file = directory.url.appendingPathComponent("empty.csv")
        try Data(F.file3([]).utf8).write(to: file)
        #expect(throws: CSVFileImportRefusal.replaceWithNothing) {
            _ = try store.importCSV(file, mode: .replace, now: Self.now)
        }
        #expect(try store.counts().compareAnswers == 1)
    }

    @Test("problems beyond the limit are counted, not listed")
    func problemLimit() throws {
        let rows = (0..<(CSVImportStream.problemLimit + 5)).map { _ in F.comparisonRow(["referenceNote": "300"]) }
        do {
            _ = try HistoryCSV.parse(F.file3(rows), now: Self.now)
            Issue.record("imported")
        } catch {
            #expect(error.problems.count == CSVImportStream.problemLimit + 1)
            #expect(error.problems.last?.reason == .moreProblems(5))
            #expect(error.problems.last?.description.hasSuffix(": and 5 more problems after this line, not listed") == true)
        }
    }
}
