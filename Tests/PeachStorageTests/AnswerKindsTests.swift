import Foundation
import GRDB
import PeachDomain
import Testing
@testable import PeachStorage

/// Each answer kind is one descriptor (`AnswerKind`), and the history, the journal and the CSV file
/// go through `AnswerKinds.all`: an answer of every kind makes the whole trip with nothing else named.
@Suite("Every answer kind: one descriptor, through the history, the journal and the CSV file")
struct AnswerKindsTests {
    /// One answer of each kind; the Fill the Gap trial with its taps, as trained here.
    static let samples: [Answer] = [
        .compare(SampleRecords.comparison(60, 67, offset: 12.5, correct: false, at: 1_800_000_002.25)),
        .match(SampleRecords.matching(62, 57, initial: 30, error: -4.5, tuning: .justIntonation, at: 1_800_000_003.75)),
        .timing(TimingAnswer(tempo: TempoBPM(validating: 96)!, offsetMs: -7.8125, isCorrect: true,
                             timestamp: Date(timeIntervalSince1970: 1_800_000_001.5))),
        .gapFill(GapFillAnswer(
            tempo: TempoBPM(validating: 80)!, meanOffsetMs: -4.25, meanOffsetMsByPosition: [-3.5, nil, -5.0, nil],
            timestamp: Date(timeIntervalSince1970: 1_800_000_000.125),
            taps: GapTaps(hits: [GapTaps.Tap(position: .beat, offsetMs: -3.5), GapTaps.Tap(position: .and, offsetMs: -5.0)],
                          misses: 2))!),
    ]

    /// What a CSV file keeps of `answer`: a trial's taps stay in the history.
    static func inCSV(_ answer: Answer) -> Answer {
        guard case .gapFill(let trial) = answer,
              let means = GapFillAnswer(tempo: trial.tempo, meanOffsetMs: trial.meanOffsetMs,
                                        meanOffsetMsByPosition: trial.meanOffsetMsByPosition, timestamp: trial.timestamp)
        else { return answer }
        return .gapFill(means)
    }

    /// Every stored answer of `kind`, read through the one generic path.
    static func stored<Kind: AnswerKind>(_ kind: Kind.Type, _ store: HistoryStore) throws -> [Answer] {
        try store.all(kind).map(kind.answer)
    }

    static func exported(_ store: HistoryStore) throws -> String {
        var text = ""
        try store.exportCSV { text += $0 }
        return text
    }

    @Test("the samples cover every kind; no two kinds share a table, a journal kind or a CSV training type")
    func oneDescriptorEach() throws {
        let kinds = AnswerKinds.all
        #expect(Set(Self.samples.map { ObjectIdentifier($0.kind) }) == Set(kinds.map { ObjectIdentifier($0) }))
        let names: [[String]] = kinds.map { kind in [kind.table, kind.journalKind, kind.csvTrainingType] }
        for part in 0..<3 { #expect(Set(names.map { $0[part] }).count == kinds.count) }
        let directory = TemporaryDirectory()
        _ = try #require(try HistoryStore.open(directory.location))
        let tables = try DatabaseQueue(path: directory.databasePath).read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        for name in names { #expect(tables.contains(name[0])) }
        for answer in Self.samples {
            let fields = HistoryCSV.row(answer)
            #expect(fields.count == CSVColumn.header(format: CSVColumn.currentFormat).count)
            #expect(fields.first == HistoryCSV.trainingType(answer))
        }
    }

    /// The journal lines of `samples` as the version before the answer kinds wrote them (the order of
    /// a line's fields is JSONEncoder's, which follows no rule).
    static let journalLines = [
        #"{"referenceNote":60,"kind":"comparison","timestamp":1800000002.25,"targetNote":67,"centOffset":12.5,"tuningSystem":"equalTemperament","isCorrect":false}"#,
        #"{"timestamp":1800000003.75,"referenceNote":62,"targetNote":57,"kind":"pitchMatching","tuningSystem":"justIntonation","userCentError":-4.5,"initialCentOffset":30}"#,
        #"{"kind":"compareTiming","tempoBPM":96,"timestamp":1800000001.5,"isCorrect":true,"offsetMs":-7.8125}"#,
        #"{"timestamp":1800000000.125,"meanOffsetMs":-4.25,"meanOffsetMsByPosition":[-3.5,null,-5,null],"tempoBPM":80,"kind":"fillTheGap","taps":[{"offsetMs":-3.5,"position":0},{"offsetMs":-5,"position":2}],"misses":2}"#,
    ]

    @Test("each kind's journal line has the fields and values it had, and an older line reads back")
    func journalLines() throws {
        let directory = TemporaryDirectory()
        let journal = AnswerJournal(location: directory.location)
        for answer in Self.samples { try journal.append(answer) }
        let written = try String(contentsOf: journal.url, encoding: .utf8).split(separator: "\n")
        #expect(written.count == Self.journalLines.count)
        for (line, expected) in zip(written, Self.journalLines) {
            let fields = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? NSDictionary
            let expectedFields = try JSONSerialization.jsonObject(with: Data(expected.utf8)) as? NSDictionary
            #expect(fields != nil && fields == expectedFields, "\(line)")
        }
        try journal.clear()
        try Data((Self.journalLines.joined(separator: "\n") + "\n").utf8).write(to: journal.url)
        let pending = try journal.pending()
        #expect(pending.records == Self.samples && pending.unreadableLines == 0)
    }

    @Test("an answer of every kind is saved, counted, marked, listed, journaled, exported, imported and deleted")
    func everyKindRoundTrips() throws {
        let directory = TemporaryDirectory()
        let store = try #require(try HistoryStore.open(directory.location))
        #expect(try store.save(Self.samples, skippingStored: false) == Self.samples.count)
        #expect(try store.save(Self.samples, skippingStored: true) == 0)
        let counts = try store.counts()
        #expect(counts.total == Self.samples.count)
        let version = try store.reading { try $0.version() }
        let mark = try store.reading { try $0.mark(before: Date(timeIntervalSince1970: 1_900_000_000)) }
        let none = try store.reading { try $0.mark(before: Date(timeIntervalSince1970: 1_700_000_000)) }
        for (kind, answer) in zip(AnswerKinds.all, Self.samples) {
            #expect(counts[keyPath: kind.counted] == 1)
            #expect(mark[keyPath: kind.marked] == 1 && mark[keyPath: kind.markedHighestID] != nil)
            #expect(none[keyPath: kind.marked] == 0 && none[keyPath: kind.markedHighestID] == nil)
            #expect(try Self.stored(kind, store) == [answer])
            #expect(version[keyPath: kind.versionPart] != nil)
        }
        #expect(Set(try store.latest(limit: 10)) == Set(Self.samples))

        let journal = AnswerJournal(location: directory.location)
        for answer in Self.samples { try journal.append(answer) }
        let pending = try journal.pending()
        #expect(pending.records == Self.samples && pending.unreadableLines == 0)

        let text = try Self.exported(store)
        let parsed = try HistoryCSV.parse(text, now: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(Set(parsed.answers) == Set(Self.samples.map(Self.inCSV)))
        for kind in AnswerKinds.all { #expect(kind.answers(in: parsed).count == 1) }

        let other = TemporaryDirectory()
        let copy = try #require(try HistoryStore.open(other.location))
        let summary = try copy.importAnswers(mode: .merge) { add in for answer in parsed.answers { try add(answer) } }
        #expect(summary.answersAdded == Self.samples.count)
        for kind in AnswerKinds.all { #expect(summary[keyPath: kind.added] == 1) }
        let again = try copy.importAnswers(mode: .merge) { add in for answer in parsed.answers { try add(answer) } }
        #expect(again.duplicatesSkipped == Self.samples.count && again.answersAdded == 0)
        #expect(try Self.exported(copy) == text)

        try store.deleteAll()
        #expect(try store.counts() == AnswerCounts())
        let taps = try DatabaseQueue(path: directory.databasePath).read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM \(StoredGapTap.databaseTableName)")
        }
        #expect(taps == 0)
    }
}
