import Foundation
import PeachDomain
import Testing
@testable import PeachStorage

@Suite("Importing answers into the store")
struct StoreImportTests {
    static let existing = [
        SampleRecords.comparison(60, 60, offset: 5, at: 1000.2),
        SampleRecords.comparison(62, 69, offset: -3, at: 2000),
    ]

    static func storeWithHistory(_ directory: TemporaryDirectory) throws -> HistoryStore {
        let store = try #require(try HistoryStore.open(directory.location))
        for record in existing { try store.save(record) }
        try store.save(SampleRecords.matching(60, 60, initial: 10, error: 2, at: 1000))
        return store
    }

    @Test("merge skips answers already stored (same type, notes and second) and adds the rest")
    func merge() throws {
        let directory = TemporaryDirectory()
        let store = try Self.storeWithHistory(directory)
        let summary = try store.importRecords(
            compareAnswers: [
                SampleRecords.comparison(60, 60, offset: 7, at: 1000.9),   // same second, notes, type: duplicate
                SampleRecords.comparison(60, 60, offset: 5, at: 1001),     // next second: new
                SampleRecords.comparison(62, 62, offset: -3, at: 2000),    // other target: new
            ],
            matchAnswers: [
                SampleRecords.matching(60, 60, initial: 10, error: 2, at: 1000.5), // duplicate
                SampleRecords.matching(62, 69, initial: 10, error: 2, at: 2000),   // same key as a comparison, other type: new
            ],
            mode: .merge)
        #expect(summary == ImportSummary(compareAnswersAdded: 2, matchAnswersAdded: 1, duplicatesSkipped: 2))
        let counts = try store.counts()
        #expect(counts.compareAnswers == 4 && counts.matchAnswers == 2)
    }

    @Test("merge also drops duplicates within the imported file")
    func mergeWithinImport() throws {
        let directory = TemporaryDirectory()
        let store = try #require(try HistoryStore.open(directory.location))
        let record = SampleRecords.comparison(50, 50, offset: 1, at: 5)
        let summary = try store.importRecords(compareAnswers: [record, record], matchAnswers: [], mode: .merge)
        #expect(summary.compareAnswersAdded == 1 && summary.duplicatesSkipped == 1)
    }

    @Test("replace leaves exactly the imported answers")
    func replace() throws {
        let directory = TemporaryDirectory()
        let store = try Self.storeWithHistory(directory)
        let incoming = [SampleRecords.comparison(70, 70, offset: 9, at: 3000)]
        let summary = try store.importRecords(compareAnswers: incoming, matchAnswers: [], mode: .replace)
        #expect(summary == ImportSummary(compareAnswersAdded: 1, matchAnswersAdded: 0, duplicatesSkipped: 0))
        #expect(try store.allCompareAnswers().map(\.referenceNote) == [MIDINote(70)])
        #expect(try store.allMatchAnswers().isEmpty)
    }

    @Test("an import that fails part-way changes nothing")
    func allOrNothing() throws {
        let directory = TemporaryDirectory()
        let store = try Self.storeWithHistory(directory)
        // A non-finite offset passes Swift but not SQLite's NOT NULL (NaN is stored as NULL).
        let poisoned = SampleRecords.comparison(71, 71, offset: .nan, at: 4000)
        #expect(throws: HistoryError.self) {
            try store.importRecords(compareAnswers: [SampleRecords.comparison(70, 70, offset: 9, at: 3000), poisoned],
                                    matchAnswers: [], mode: .replace)
        }
        let counts = try store.counts()
        #expect(counts.compareAnswers == 2 && counts.matchAnswers == 1)
    }
}
