import Foundation
import PeachDomain
import Synchronization
import Testing
@testable import PeachStorage

/// Reading the history a record at a time (the dashboard, `peach profile`, `peach export`) and the
/// read-only connection `peach web` uses.
@Suite("History store: streaming and read-only")
struct StoreStreamingTests {
    /// Both kinds, stored out of time order, some in the same millisecond across kinds.
    static func filled(_ directory: TemporaryDirectory) throws -> HistoryStore {
        let store = try #require(try HistoryStore.open(directory.location))
        for index in 0..<300 {
            let seconds = 1_700_000_000 + Double((index * 37) % 300) + (index % 4 == 0 ? 0.0004 : 0)
            if index % 3 == 0 {
                try store.save(SampleRecords.matching(60, 67, initial: 20, error: Double(index) / 10, at: seconds))
            } else {
                try store.save(SampleRecords.comparison(48 + index % 24, 48 + index % 24, offset: Double(index) / 7,
                                                        correct: index % 5 != 0, at: seconds + (index % 2 == 0 ? 0 : 0.0001)))
            }
        }
        return store
    }

    @Test("every answer, each kind in the order allCompareAnswers and allMatchAnswers give")
    func forEachAnswer() throws {
        let directory = TemporaryDirectory()
        let store = try Self.filled(directory)
        var compareAnswers: [CompareAnswer] = []
        var matchAnswers: [MatchAnswer] = []
        try store.forEachAnswer(comparison: { compareAnswers.append($0) }, pitchMatching: { matchAnswers.append($0) })
        #expect(compareAnswers == (try store.allCompareAnswers()))
        #expect(matchAnswers == (try store.allMatchAnswers()))
        #expect(compareAnswers.count == 200 && matchAnswers.count == 100)
    }

    @Test("the streamed CSV, in pieces, is byte for byte the export of all answers")
    func streamedExport() throws {
        let directory = TemporaryDirectory()
        let store = try Self.filled(directory)
        var pieces: [String] = []
        try store.exportCSV(chunkSize: 1000) { pieces.append($0) }
        let whole = HistoryCSV.export(compareAnswers: try store.allCompareAnswers(), matchAnswers: try store.allMatchAnswers())
        #expect(pieces.joined() == whole)
        #expect(pieces.count > 10, "written in pieces, not at once")
        #expect(pieces.dropLast().allSatisfy { $0.utf8.count < 1000 + 300 })
    }

    @Test("an error of the handler stops the reading and comes out as it is")
    func handlerError() throws {
        struct Gone: Error {}
        let directory = TemporaryDirectory()
        let store = try Self.filled(directory)
        var pieces = 0
        #expect(throws: Gone.self) {
            try store.exportCSV(chunkSize: 1000) { _ in
                pieces += 1
                if pieces == 2 { throw Gone() }
            }
        }
        #expect(pieces == 2)
    }

    @Test("read-only: reads what another connection writes, refuses to write, and creates nothing")
    func readOnly() throws {
        let directory = TemporaryDirectory()
        let none = try HistoryStore.open(directory.location, create: true, access: .readOnly)
        #expect(none == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)

        let writer = try Self.filled(directory)
        let reader = try #require(try HistoryStore.open(directory.location, create: false, access: .readOnly))
        #expect(try reader.counts().compareAnswers == 200)
        try writer.save(SampleRecords.comparison(60, 60, offset: 3, at: 1_800_000_000))
        #expect(try reader.counts().compareAnswers == 201, "sees the writer's commit (WAL)")
        #expect(throws: HistoryError.self) { try reader.save(SampleRecords.comparison(60, 60, offset: 4, at: 1_800_000_001)) }
        #expect(try writer.counts().compareAnswers == 201)
    }

    final class Box: Sendable { let value = Mutex<Int?>(nil) }

    @Test("read-only: a long read (a download to a slow phone) holds up no other read")
    func readsSideBySide() throws {
        let directory = TemporaryDirectory()
        _ = try Self.filled(directory)
        let reader = try #require(try HistoryStore.open(directory.location, create: false, access: .readOnly))
        var counted: Int?
        try reader.exportCSV(chunkSize: 1000) { _ in
            guard counted == nil else { return }
            // Another thread reads while this read is open; with one serialized connection it would
            // wait for this one to end, which it never would: the bound below is a failure, not a pace.
            let done = DispatchSemaphore(value: 0)
            let box = Box()
            Thread {
                box.value.withLock { $0 = try? reader.counts().compareAnswers }
                done.signal()
            }.start()
            counted = done.wait(timeout: .now() + 60) == .success ? box.value.withLock { $0 } : -1
        }
        #expect(counted == 200)
    }
}
